from django.apps import AppConfig


class ClocksConfig(AppConfig):
    name = "apps.clocks"
    label = "clocks"
    verbose_name = "Clocks and live pushes"
