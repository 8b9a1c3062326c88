"""The envelope's own objects (seed 000 §1): strict, because the server builds them."""

from __future__ import annotations

import ipaddress
import os
from typing import Literal, Optional
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict


class Platform(BaseModel):
    """Which instance answered (§1.1): its name and its hostname, never the whole URL."""

    model_config = ConfigDict(extra="forbid")
    name: str
    host: str


class Cuaderno(BaseModel):
    """The one entity a call resolved (§1.3): in a read of a collection, the container."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["notebook"]
    uuid: str
    id: int
    slug: str
    name: str


class NotaResuelta(BaseModel):
    """The note a call resolved or operated on (§1.3)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["note"]
    id: int


class Cobertura(BaseModel):
    """A read's state (§1.4): what it covered. `complete` is there only when it is known."""

    model_config = ConfigDict(extra="forbid")
    returned: int
    total: Optional[int] = None
    searched: Optional[int] = None
    page: Optional[int] = None
    per_page: Optional[int] = None
    complete: Optional[bool] = None


class PostCondicion(BaseModel):
    """A write's state (§1.4): the outcome of this call, as the store reported it."""

    model_config = ConfigDict(extra="forbid")
    status: Literal["updated", "unchanged", "deleted"]


class AmbasCaras(BaseModel):
    """The state of a multi-action tool with read actions (§1.4, gated): both faces, all optional, so that
    the SDK validates every branch (`list` answers coverage, `update` a post-condition)."""

    model_config = ConfigDict(extra="forbid")
    returned: Optional[int] = None
    total: Optional[int] = None
    complete: Optional[bool] = None
    status: Optional[Literal["updated", "unchanged"]] = None


class Control(BaseModel):
    """Present only when the call was not executed (seed 003): the text a client shows the user."""

    model_config = ConfigDict(extra="forbid")
    cancelled: bool
    message: str


def plataforma() -> Platform:
    """The instance from NOTAS_URL: `host` is its hostname, `name` NOTAS_PLATFORM_NAME or, unset, the
    first label of the host (an IP address is kept whole, §1.1)."""
    host = urlsplit(os.environ.get("NOTAS_URL", "http://notas.localhost:8000")).hostname or "localhost"
    try:
        ipaddress.ip_address(host)
        derivado = host
    except ValueError:
        derivado = host.split(".")[0]
    return Platform(name=os.environ.get("NOTAS_PLATFORM_NAME") or derivado, host=host)
