from django.apps import AppConfig


class DisputesConfig(AppConfig):
    name = "apps.disputes"
    label = "disputes"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core.signals import request_finished, request_started

        from apps.disputes.refusals import refusals_flush, refusals_forget

        # Refused entries wait for the request's transaction to end (see apps.disputes.refusals).
        request_started.connect(refusals_forget, dispatch_uid="disputes_refusals_forget")
        request_finished.connect(refusals_flush, dispatch_uid="disputes_refusals_flush")

        from apps.disputes.refusals import refusal_on_entry
        from apps.tables import hooks

        hooks.entry_refused.connect(refusal_on_entry)
