from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "apps.accounts"
    label = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from apps.accounts.lockout import remember_login

        # a browser that logs in gets its device cookie (the login lockout's key, apps.accounts.lockout)
        user_logged_in.connect(remember_login, dispatch_uid="floor-device-cookie")
