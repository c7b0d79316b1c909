"""Settings parsing: the embedded default when nothing is set, the real services when URLs are."""

from pathlib import Path

import pytest

from director.config import DEV_SECRET_KEY, ConfigError, broker_config, core_config, database_config

BASE = Path("/srv/floor")


def test_nothing_set_means_sqlite_under_var(tmp_path: Path) -> None:
    config = database_config({}, base_dir=tmp_path)

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "var" / "floor.sqlite3")
    assert (tmp_path / "var").is_dir()
    assert config["ATOMIC_REQUESTS"] is True


def test_the_embedded_sqlite_queues_writers_instead_of_failing_them(tmp_path: Path) -> None:
    """BEGIN IMMEDIATE, WAL with synchronous=NORMAL and a busy timeout, also for a sqlite:// URL."""
    for environ in ({}, {"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}"}):
        options = database_config(environ, base_dir=tmp_path)["OPTIONS"]

        assert options["transaction_mode"] == "IMMEDIATE"
        assert options["timeout"] == 30
        assert options["init_command"] == "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"


def test_postgresql_gets_no_sqlite_options() -> None:
    config = database_config({"DATABASE_URL": "postgres://floor@db/floor"}, base_dir=BASE)

    assert "transaction_mode" not in config.get("OPTIONS", {})
    assert "init_command" not in config.get("OPTIONS", {})


def test_floor_var_dir_moves_the_embedded_defaults_files(tmp_path: Path) -> None:
    folder = tmp_path / "elsewhere" / "var"
    environ = {"FLOOR_VAR_DIR": str(folder)}

    assert database_config(environ, base_dir=BASE)["NAME"] == str(folder / "floor.sqlite3")
    assert folder.is_dir()
    broker = broker_config(environ, base_dir=BASE)
    assert broker["transport_options"]["data_folder_in"] == str(folder / "broker" / "queue")
    assert broker["transport_options"]["control_folder"] == str(folder / "broker" / "control")


def test_a_filesystem_broker_url_is_the_embedded_broker() -> None:
    config = broker_config({"CELERY_BROKER_URL": "filesystem://"}, base_dir=BASE)

    assert (config["url"], config["embedded"]) == ("filesystem://localhost/", True)
    assert config["transport"] == "director.broker:Transport"
    assert config["transport_options"]["data_folder_in"] == "/srv/floor/var/broker/queue"


def test_an_empty_database_url_is_the_embedded_default(tmp_path: Path) -> None:
    config = database_config({"DATABASE_URL": ""}, base_dir=tmp_path)

    assert (config["ENGINE"], config["NAME"]) == (
        "django.db.backends.sqlite3",
        str(tmp_path / "var" / "floor.sqlite3"),
    )


def test_database_url_selects_postgresql() -> None:
    config = database_config({"DATABASE_URL": "postgres://floor:pw@db.example:5433/floordb"}, base_dir=BASE)

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example", 5433, "floordb")
    assert (config["USER"], config["PASSWORD"]) == ("floor", "pw")
    # psycopg's pool keeps the connections: no persistent connection of Django's, no health-check query
    assert config["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 8, "timeout": 10.0}
    assert (config["CONN_MAX_AGE"], config["CONN_HEALTH_CHECKS"]) == (0, False)


def test_the_pool_can_be_turned_off_for_persistent_connections_with_health_checks() -> None:
    config = database_config(
        {"DATABASE_URL": "postgres://floor:pw@db.example:5433/floordb", "DATABASE_POOL": "false"},
        base_dir=BASE,
    )

    assert "pool" not in config.get("OPTIONS", {})
    assert (config["CONN_MAX_AGE"], config["CONN_HEALTH_CHECKS"]) == (60, True)


def test_nothing_set_means_the_filesystem_broker() -> None:
    config = broker_config({}, base_dir=BASE)

    assert config["embedded"] is True
    assert config["url"] == "filesystem://localhost/"
    assert config["transport_options"]["data_folder_in"] == "/srv/floor/var/broker/queue"
    assert config["redis_url"] is None


def test_redis_url_is_the_broker_unless_a_broker_url_is_given() -> None:
    from_redis = broker_config({"REDIS_URL": "redis://cache:6379/2"}, base_dir=BASE)
    explicit = broker_config(
        {"REDIS_URL": "redis://cache:6379/2", "CELERY_BROKER_URL": "amqp://guest@mq//"}, base_dir=BASE
    )

    assert (from_redis["url"], from_redis["embedded"]) == ("redis://cache:6379/2", False)
    assert (explicit["url"], explicit["redis_url"]) == ("amqp://guest@mq//", "redis://cache:6379/2")


def test_development_defaults() -> None:
    config = core_config({})

    assert config["environment"] == "development"
    assert config["debug"] is True
    assert config["secret_key"] == DEV_SECRET_KEY
    assert "localhost" in config["allowed_hosts"]
    assert config["time_zone"] == "UTC"


def test_variables_are_read() -> None:
    config = core_config(
        {"DEBUG": "false", "ALLOWED_HOSTS": "floor.example,10.0.0.2", "TIME_ZONE": "Asia/Jakarta"},
        machine_hosts=list,  # development adds the machine's own names and addresses (tests/core/test_lan.py)
    )

    assert config["debug"] is False
    assert config["allowed_hosts"] == ["floor.example", "10.0.0.2"]
    assert config["time_zone"] == "Asia/Jakarta"


PROD_OK = {
    "FLOOR_ENV": "production",
    "SECRET_KEY": "n7Qe-2xVb_Lr9TzKp4WmHs8YcJd6FgUa3Nk5Rt1Pq0Xw_vE8iOyB",
    "ALLOWED_HOSTS": "floor.example",
}


def test_production_starts_with_a_real_key() -> None:
    config = core_config(PROD_OK)

    assert config["production"] is True
    assert config["debug"] is False


@pytest.mark.parametrize(
    ("override", "complaint"),
    [
        ({"SECRET_KEY": DEV_SECRET_KEY}, "SECRET_KEY"),
        ({"SECRET_KEY": "short"}, "SECRET_KEY"),
        ({"SECRET_KEY": "aB3-" * 12}, "SECRET_KEY"),  # 48: under the 50 check --deploy wants
        ({"SECRET_KEY": "ab" * 30}, "SECRET_KEY"),  # long, but two characters
        ({"SECRET_KEY": "django-insecure-" + "q1W2e3R4t5Y6u7I8o9P0" * 3}, "SECRET_KEY"),
        ({"SECRET_KEY": ""}, "SECRET_KEY"),
        ({"DEBUG": "true"}, "DEBUG"),
        ({"ALLOWED_HOSTS": ""}, "ALLOWED_HOSTS"),
        ({"FLOOR_ENV": "staging"}, "FLOOR_ENV"),
    ],
)
def test_production_refuses_unsafe_settings(override: dict[str, str], complaint: str) -> None:
    environ = {**PROD_OK, **override}
    if not override.get("SECRET_KEY", "x"):
        del environ["SECRET_KEY"]  # unset: falls back to the development key

    with pytest.raises(ConfigError, match=complaint):
        core_config(environ)


def test_redis_calls_on_request_paths_have_short_timeouts_and_the_worker_survives_a_broker_loss() -> None:
    from django.conf import settings

    options = broker_config({"REDIS_URL": "redis://cache:6379/2"}, base_dir=BASE)["transport_options"]
    assert options["socket_timeout"] <= 1.0 and options["socket_connect_timeout"] <= 1.0
    assert options["retry_on_timeout"] is False
    assert settings.CACHES["default"]["OPTIONS"] == {"socket_connect_timeout": 0.25, "socket_timeout": 0.25}
    assert settings.CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP is True
    assert settings.CELERY_BROKER_CONNECTION_MAX_RETRIES is None
    assert settings.CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS is True
    assert settings.CELERY_TASK_ACKS_LATE is True and settings.CELERY_TASK_REJECT_ON_WORKER_LOST is True


def test_the_worker_and_beat_wait_on_broker_reads_instead_of_timing_out() -> None:
    from director.celery import _patient_broker_reads, app

    before = dict(app.conf.broker_transport_options or {})
    try:
        app.conf.broker_transport_options = {**before, "socket_timeout": 0.5}
        _patient_broker_reads()
        assert app.conf.broker_transport_options["socket_timeout"] is None
    finally:
        app.conf.broker_transport_options = before
