from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from apps.core import views as core_views

SWAGGER_CDN = "https://cdn.jsdelivr.net"
SWAGGER_STYLE_HASH = (
    "'sha256-MMpT0iDxyjALd9PdfepImGX3DBfJPXZ4IlDWdPAgtn0='"  # drf-spectacular's <style> block
)

urlpatterns = [
    path("", core_views.home, name="home"),
    path("healthz", core_views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    # web pages, one block per app
    path("console/", include("apps.console.urls")),
    path("cockpit/", include("apps.cockpit.urls")),
    path("", include("apps.disputes.urls")),
    path("", include("apps.public.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file (no inline script); Swagger UI itself comes
    # from its CDN, which this page alone may load (its one inline <style> block by its hash).
    path(
        "api/docs/",
        csp_update(
            {
                "script-src": [SWAGGER_CDN],
                "style-src": [SWAGGER_CDN, SWAGGER_STYLE_HASH],
                "img-src": [SWAGGER_CDN],
            }
        )(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
    path("api/", include("director.api_urls")),
    # Last: any other /api/ URL answers the JSON error shape, in DEBUG too.
    re_path(r"^api/", core_views.api_not_found),
]

handler400 = "apps.core.errors.handler400"
handler403 = "apps.core.errors.handler403"
handler404 = "apps.core.errors.handler404"
handler500 = "apps.core.errors.handler500"
