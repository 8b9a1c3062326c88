"""The extended corpus of bench/real_world.py (issue 30, deliverable 5): names, commits, folders, halves.

Chosen by the rule written in docs/real-world.md ("The extended corpus: how it was chosen") before
any candidate was looked up; every candidate and why it was accepted or skipped is in
bench/corpus_ampliado_candidatos.tsv. Only names and commits live here: the code is fetched (bare
git mirrors `<mirrors>/<owner>+<name>/repo`), never committed.

Each repository goes to a half by the first byte of sha256("owner/name", lower-case): even ->
`desarrollo` (the analyzer is developed on it), odd -> `medida` (run only to measure);
musharna/data-aggregator-mcp -> `desarrollo` by decree. `mitad_de` computes it; the recorded
`mitad` of every entry must agree (checked on import).

A folder is one row:
- `paquete`: a folder with a pyproject, installed as itself (from its uv.lock when it has one);
- `directorio`: a folder without one, each file that builds a server run as `__main__`, in a venv of
  `requisitos`: `-r:<file>` is a requirements file of the repository, `deps:<file>` the
  `[project].dependencies` of a pyproject that sits away from the server (a `config/` folder), any
  other string a requirement (the SDK a folder without any declaration imports).
Every venv of this corpus resolves what no lock pins as PyPI had it at the commit's committer date
(uv's `--exclude-newer`).
"""

from __future__ import annotations

import dataclasses
import hashlib

DECRETO_DESARROLLO = "musharna/data-aggregator-mcp"
MITADES = ("desarrollo", "medida")
MCP_1X = "mcp[cli]>=1,<2"


@dataclasses.dataclass(frozen=True)
class CarpetaAmpliada:
    """One server folder of a repository of the extended corpus."""

    ruta: str  # relative to the repository root; "." for the root
    forma: str  # "paquete" | "directorio"
    requisitos: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class RepoAmpliado:
    """One repository of the extended corpus, at the commit of its fetched snapshot."""

    repo: str  # owner/name
    commit: str
    fecha: str  # committer date of `commit` (ISO 8601): the --exclude-newer of its venvs
    mitad: str
    carpetas: tuple[CarpetaAmpliada, ...]

    @property
    def espejo(self) -> str:
        return self.repo.replace("/", "+")


def mitad_de(repo: str) -> str:
    """The half of `repo` by the rule: parity of the first byte of sha256 of its lower-cased name."""
    if repo.lower() == DECRETO_DESARROLLO:
        return "desarrollo"
    return MITADES[hashlib.sha256(repo.lower().encode("utf-8")).digest()[0] % 2]


_RAIZ = (CarpetaAmpliada(".", "paquete"),)


def _r(archivo: str = "requirements.txt", ruta: str = ".") -> tuple[CarpetaAmpliada, ...]:
    return (CarpetaAmpliada(ruta, "directorio", (f"-r:{archivo}",)),)


# In the order the rule accepted them (data-aggregator first, by decree).
CORPUS_AMPLIADO: tuple[RepoAmpliado, ...] = (
    RepoAmpliado("musharna/data-aggregator-mcp", "f60bc0278a89f042c5f7483060f6f3616f260f7c",
                 "2026-08-04T19:49:18-04:00", "desarrollo", _RAIZ),
    RepoAmpliado("walkingshamrock/localtoolkit", "7d3bdac362109901f56e4ab93442c184756dec5b",
                 "2025-05-26T12:42:29+09:00", "desarrollo", _RAIZ),
    RepoAmpliado("kkr-genweb/minimal-mcp-cli-setup", "219ad08ab236c15518a7aa2385b952e0aeb5f44f",
                 "2025-06-23T18:55:39-05:00", "medida", _RAIZ),
    RepoAmpliado("vijayanandmit/Agent", "397e7b86c789dcbfab2474404d3359ea70659636",
                 "2025-06-04T15:24:36-04:00", "medida", (CarpetaAmpliada("mcp-fast", "directorio", (MCP_1X,)),)),
    RepoAmpliado("riphunter618/mcp_test", "5e51b9387a132cee8f23c1377576f46a8dd660f7",
                 "2026-01-13T11:07:57+05:30", "desarrollo", _r()),
    RepoAmpliado("praneshnikhar/MCPlangChain", "8d8cf6c70078edbb11197a91f98e2a63e1e547c0",
                 "2025-07-07T15:29:51+05:30", "desarrollo", _RAIZ),
    RepoAmpliado("Abdul-Rehman6/Custome-MCP-Client-Server", "61c8728fbe496b9ab7a72de790790fe746146c81",
                 "2025-10-01T19:12:47+05:00", "desarrollo", (CarpetaAmpliada(".", "directorio", (MCP_1X,)),)),
    RepoAmpliado("linlaz/mcp-database-query", "afbb237cd1dc46ce72071b92a4c37d0a3d7ebec1",
                 "2025-11-17T19:31:56+07:00", "desarrollo", _RAIZ),
    RepoAmpliado("wakha/mcp_server", "7ff9b49d8aa15f0fa504117b6687eb709c0f09b9",
                 "2025-11-07T17:56:41+01:00", "desarrollo",
                 (CarpetaAmpliada("gnews-server", "paquete"), CarpetaAmpliada("mcp-dev", "paquete"),
                  CarpetaAmpliada("mcp_in_fastapi", "paquete"))),
    RepoAmpliado("tapaswi-v-s/postgres-mcp-server", "ed3c8bd08fc2f79732ba9a97a3058a8d971b7789",
                 "2025-12-17T10:48:12-05:00", "medida", _r()),
    RepoAmpliado("khuyentran1401/database-analytics-mcp", "4dca15cbfd52219d99376cc76c1dced873760008",
                 "2025-08-14T18:35:04-05:00", "medida", _RAIZ),
    RepoAmpliado("rajpanjabi/MCP", "eb82bff8ca5ed34a99b6f43fe9ed68c25594edc1",
                 "2025-04-17T19:49:30-04:00", "medida", _RAIZ),
    RepoAmpliado("Pranesh-2005/UsingMcp", "acc22cb84466ad73556a6e5e618babd9b1637da6",
                 "2025-05-28T12:47:38+05:30", "medida", _r()),
    RepoAmpliado("relix23/Github-MCP-Server", "5aadb0091057778095a0402aff2c141cd8451197",
                 "2026-08-22T14:12:15-03:00", "medida", _r()),
    RepoAmpliado("vishnu2kmohan/mcp-server-langgraph", "0973b513066e178d4e76d8230f2a3fa070d13d6f",
                 "2025-12-11T22:16:24-05:00", "desarrollo", _RAIZ),
    RepoAmpliado("sbroenne/mcp-server-excel", "b748eaa4870dcd123f9ea90d59a6fe83c357b385",
                 "2026-08-21T15:05:16+00:00", "medida", (CarpetaAmpliada("llm-tests", "paquete"),)),
    RepoAmpliado("Zazzles2908/EX-AI-MCP-Server", "e50ef4f47bb7d88ff9c446c17e407094449bc6dd",
                 "2025-11-13T21:26:57+11:00", "desarrollo",
                 (CarpetaAmpliada(".", "directorio", ("deps:config/pyproject.toml",)),)),
    RepoAmpliado("jsboige/jsboige-mcp-servers", "8b9ac085876ae7701538652c6f216e7798412f7f",
                 "2026-08-22T02:01:33+02:00", "medida",
                 (CarpetaAmpliada("servers/jupyter-papermill-mcp-server", "paquete"),
                  *_r("servers/sk-agent/requirements.txt", "servers/sk-agent"))),
    RepoAmpliado("quiltdata/quilt-mcp-server", "8de68793b1142f876d226b8d73afee70de00160a",
                 "2026-02-17T18:30:52+00:00", "desarrollo", _RAIZ),
    RepoAmpliado("gbrlcustodio/pipefy-mcp-server", "9d04abac5fd4d13d950ae22cf91c572e890fdb1b",
                 "2026-05-05T19:08:03-03:00", "desarrollo", _RAIZ),
    RepoAmpliado("RenEra-ai/boomi-mcp-server", "5b56eef7ea21a91e45c30f3daf29275b5d62b97b",
                 "2026-07-13T15:51:04-04:00", "medida", _r()),
    RepoAmpliado("EliyahuAI/mcp-server-hyperplexity", "cd575d9747e9ed6260e58fec187b743f7eb85b18",
                 "2026-04-30T16:13:16-04:00", "desarrollo", _RAIZ),
    RepoAmpliado("srwlli/mcp-server", "4d17098aeed8f2d9fb6f3413b6afcfb055dc5285",
                 "2026-01-22T12:10:36-05:00", "desarrollo",
                 tuple(CarpetaAmpliada(r, "paquete") for r in ("archived/coderef-mcp", "archived/hello-world-mcp",
                                                               "archived/scriptboard-mcp", "coderef-context",
                                                               "coderef-docs"))),
    RepoAmpliado("night4me/pfsense-mcp-server", "33ed0f4698af6c2d937911755efb87a0ccb9b5c1",
                 "2026-08-22T20:51:54+00:00", "desarrollo", _RAIZ),
    RepoAmpliado("festion/mcp-servers", "d4d672d65a1ec7b756ef1548c9a21f8e84fc822a",
                 "2026-06-12T19:11:00-05:00", "medida",
                 (*_r("mcp-servers/truenas-mcp-server/requirements.txt", "mcp-servers/truenas-mcp-server"),
                  CarpetaAmpliada("mcp-servers/vikunja-mcp-server", "paquete"))),
    RepoAmpliado("keboola/mcp-server", "e2417a7942f39316faf1b08d39d12755d43f1088",
                 "2026-08-21T15:47:28+02:00", "desarrollo", _RAIZ),
    RepoAmpliado("TangentDomain/excel-mcp-server", "c8ad205ec47370aa033d3ef68fe86192c1a4d16c",
                 "2026-07-29T18:35:48+08:00", "medida", _RAIZ),
    RepoAmpliado("azmartone67/dchub-mcp-server", "0ae9ff213ea3da532e8da56658811a4d38154038",
                 "2026-02-14T06:23:29-07:00", "desarrollo", _r()),
    RepoAmpliado("cbcoutinho/nextcloud-mcp-server", "10ebac6e23d681daa9611f7c5770bda3cbc6d7d0",
                 "2026-08-22T11:07:51+00:00", "medida", _RAIZ),
    RepoAmpliado("MetalbolicX/ms-access-mcp-server", "69752d88ee9880f79fd15c9f0220b5ec06d6b264",
                 "2026-06-12T19:52:33-06:00", "desarrollo", _RAIZ),
    RepoAmpliado("dipseth/google_workspace_fastmcp2", "9804ce62cbfc5a1a1737dc1fea0334230356f7ae",
                 "2026-08-21T13:46:50-05:00", "medida", _RAIZ),
)

for _entrada in CORPUS_AMPLIADO:
    if _entrada.mitad != mitad_de(_entrada.repo):
        raise AssertionError(f"{_entrada.repo}: recorded half {_entrada.mitad}, rule gives {mitad_de(_entrada.repo)}")
