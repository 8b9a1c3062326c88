"""`oracle-lint`: check, report, baseline, evidence, rules, probe, footprint.

Exit codes: 0 clean, 1 findings (or, for `report`, something must change), 2 usage or
configuration error. Errors print their stable `CODE — message` line on stderr.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar

import click

from oracle_lint.nucleo.cli.comun import con_errores as _con_errores
from oracle_lint.nucleo.version import VERSION

if TYPE_CHECKING:  # annotations only: the CLI imports neither at start-up
    from oracle_lint.linter.sonda.cliente import Servidor
    from oracle_lint.nucleo.proyecto import Proyecto


def _proyecto(raiz: Path | None):  # type: ignore[no-untyped-def]
    from oracle_lint.nucleo.proyecto import Proyecto, encontrar_raiz

    return Proyecto(raiz or encontrar_raiz(Path.cwd()))


F = TypeVar("F", bound=Callable[..., object])


OPCION_PROYECTO = click.option(
    "--project",
    "raiz",
    type=click.Path(file_okay=False, path_type=Path),
    help="Project root (default: the nearest directory upward with [tool.oracle] or oracle.json).",
)


def _de_configuracion(proyecto, ruta: Path) -> bool:  # type: ignore[no-untyped-def]
    """Whether a path is the project's configuration file or one of its list files."""
    absoluta = (ruta if ruta.is_absolute() else Path.cwd() / ruta).resolve()
    if absoluta in {p.resolve() for p in proyecto.archivos_config}:
        return True
    listas = proyecto.dir_listas.resolve()
    return absoluta.suffix == ".toml" and listas in absoluta.parents


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(VERSION, prog_name="oracle-lint")
def main() -> None:
    """Static checks for the response contract of Python and TypeScript/JavaScript MCP servers."""


def _opciones_de_corrida(fn: F) -> F:
    """--no-cache, --jobs and --file-timeout, shared by the commands that extract evidence."""
    from oracle_lint.linter.extraccion.presupuesto import PRESUPUESTO_POR_ARCHIVO

    fn = click.option("--file-timeout", "limite", type=click.FloatRange(min=0), default=PRESUPUESTO_POR_ARCHIVO,
                      show_default=True,
                      help="Seconds one file's analysis may take; past it the file is an `analisis.no_resuelto` "
                           "finding (ORC401) and the run goes on. 0: no budget.")(fn)
    fn = click.option("--no-cache", "sin_cache", is_flag=True, help="Neither read nor write .oracle-cache/ (per-file facts).")(fn)
    return click.option(
        "--jobs", "trabajos", type=click.IntRange(min=1), default=None,
        help="Worker processes for parsing [default: the CPUs; 1 = in this process; small runs never start a pool].",
    )(fn)


@dataclass(frozen=True)
class Presentacion:
    """How `check` shows its findings: the format and the options that shape it."""

    formato: str = "text"
    seleccion: tuple[str, ...] = ()
    ignorar: tuple[str, ...] = ()
    silencioso: bool = False
    estadisticas: bool = False
    color: str = "auto"
    salida_cero: bool = False


def _opciones_de_presentacion(fn: F) -> F:
    """--select, --ignore, --quiet, --statistics, --color, --exit-zero (shared by check and probe)."""
    fn = click.option("--exit-zero", "salida_cero", is_flag=True,
                      help="Exit 0 even when there are findings (errors still exit 2 or 70).")(fn)
    fn = click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
                      help="Color the text output (auto: when stdout is a terminal and NO_COLOR is unset).")(fn)
    fn = click.option("--statistics", "estadisticas", is_flag=True,
                      help="With the text format, also print the count of findings per rule.")(fn)
    fn = click.option("-q", "--quiet", "silencioso", is_flag=True,
                      help="With the text format, print the findings only (no summary line).")(fn)
    fn = click.option("--ignore", "ignorar", multiple=True, metavar="RULES",
                      help="Do not report these rules (codes, names, ids or prefixes; comma-separated or repeated). "
                           "A project disables a rule with a shadow, not with this.")(fn)
    return click.option("--select", "seleccion", multiple=True, metavar="RULES",
                        help="Report only these rules (codes like ORC101, names like own-root-not-strict, measure ids, "
                             "or prefixes like ORC1 and contrato.; comma-separated or repeated).")(fn)


def _selectores(valores: tuple[str, ...]) -> list[str]:
    return [s for v in valores for s in v.split(",") if s.strip()]


def _pinta(color: str) -> bool:
    if color == "always":
        return True
    if color == "never":
        return False
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


@main.command()
@click.argument("paths", nargs=-1, metavar="[PATHS]... | --probe [-- COMMAND [ARGS]...]")
@click.option("--format", "--output-format", "formato", type=click.Choice(["text", "json", "github", "sarif"]), default="text", show_default=True)
@click.option("--probe", "sondear", is_flag=True,
              help="Also start the server (the command after `--`, or [tool.oracle] probe) and reconcile: every tool it "
                   "publishes that the source analysis did not find, and every schema that differs, is a finding. "
                   "A whole-project run: PATHS are not taken.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=30.0, show_default=True,
              help="With --probe: seconds the server has to start and list its tools.")
@click.option("--calls", "llamadas", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="With --probe: a TOML or JSON file of sample calls whose results are checked at run time.")
@click.option("--force-exclude/--no-force-exclude", "forzar", default=True, show_default=True,
              help="Filter explicit PATHS by paths, exclude and .gitignore like the configured ones (what pre-commit "
                   "passes is then judged as `oracle-lint check` judges it).")
@_opciones_de_presentacion
@_opciones_de_corrida
@OPCION_PROYECTO
@_con_errores
def check(paths: tuple[str, ...], formato: str, sondear: bool, timeout: float, llamadas: Path | None, forzar: bool,
          sin_cache: bool, trabajos: int | None, limite: float, raiz: Path | None, **opciones: object) -> None:
    """Analyze PATHS (default: the configured paths) and fail on findings.

    Python files of PATHS are analyzed (filtered by paths, exclude and .gitignore unless
    --no-force-exclude), and the project's TypeScript/JavaScript servers when PATHS name such a file
    or a directory; when PATHS name the project's configuration or a list file, the run is whole."""
    from oracle_lint.linter.analisis import correr

    presentacion = Presentacion(formato=formato, **opciones)  # type: ignore[arg-type]
    proyecto = _proyecto(raiz)
    if sondear:
        from oracle_lint.linter.sonda.cliente import Servidor, comando as validar_comando
        from oracle_lint.linter.sonda.corrida import correr_con_sonda

        orden = tuple(paths) or proyecto.config.probe
        if not orden:
            from oracle_lint.nucleo.errores import ErrorOracle

            raise ErrorOracle("ARGUMENTOS_INVALIDOS", "check --probe needs the server command after `--`, or "
                              "`probe = [...]` in [tool.oracle].",
                              correccion='oracle-lint check --probe -- python -m myserver  (or probe = ["python", "-m", "myserver"])')
        muestras = (llamadas, proyecto.presentar_ruta(llamadas.resolve())) if llamadas else None
        corrida = correr_con_sonda(proyecto, Servidor(comando=validar_comando(orden), cwd=str(proyecto.raiz)), timeout,
                                   cache=not sin_cache, trabajos=trabajos, limite=limite, llamadas=muestras)
        _presentar([(proyecto, corrida, corrida.hallazgos)], presentacion)
    else:
        if llamadas:
            from oracle_lint.nucleo.errores import ErrorOracle

            raise ErrorOracle("ARGUMENTOS_INVALIDOS", "--calls needs --probe: the calls are made to the running server.",
                              correccion="oracle-lint check --probe --calls calls.toml -- python -m myserver")
        rutas = [Path(p) for p in paths]
        if raiz is None and rutas:  # files name their projects: each group with its own configuration and cache
            from oracle_lint.nucleo.proyecto import Proyecto

            corridas = []
            for base, suyas in _grupos(rutas, proyecto.raiz).items():
                propio = Proyecto(base)
                if any(_de_configuracion(propio, r) for r in suyas):
                    suyas = []  # a changed configuration or list file changes what every file is judged by
                corrida = correr(propio, suyas or None, cache=not sin_cache, trabajos=trabajos, limite=limite, forzar_exclusion=forzar)
                corridas.append((propio, corrida, corrida.hallazgos))
        elif rutas and not any(_de_configuracion(proyecto, r) for r in rutas):
            corrida = correr(proyecto, rutas, cache=not sin_cache, trabajos=trabajos, limite=limite, forzar_exclusion=forzar)
            corridas = [(proyecto, corrida, corrida.hallazgos)]
        else:  # the whole run (a changed configuration or list file changes what every file is judged by)
            corridas = [(p, c, hallazgos) for p, c, hallazgos in _enteras(raiz, sin_cache, trabajos, limite)]
        _presentar(corridas, presentacion, desde_cwd=raiz is None and bool(rutas))


def _grupos(rutas: list[Path], defecto: Path) -> dict[Path, list[Path]]:
    """The files of a run grouped by their projects (proyectos.agrupar). When some of them belong to
    configured projects and the working directory is not one (a monorepo root), a file outside every
    project belongs to none: no configuration judges it, and stderr says so. (Whether projects lie
    below is not walked for: the hook runs on every commit, and the run's own files tell it.)"""
    from oracle_lint.linter.proyectos import agrupar
    from oracle_lint.nucleo.proyecto import configurada

    grupos = agrupar(rutas, defecto)
    if defecto in grupos and len(grupos) > 1 and not configurada(defecto):
        fuera = grupos.pop(defecto)
        click.echo(f"oracle-lint: {len(fuera)} file(s) outside every configured project were not judged: "
                   + ", ".join(str(r) for r in fuera[:5]) + (", ..." if len(fuera) > 5 else ""), err=True)
    return grupos


def _enteras(raiz: Path | None, sin_cache: bool, trabajos: int | None, limite: float) -> list:  # type: ignore[type-arg]
    """Whole runs of every project the command acts on (proyectos.raices_de_la_corrida): (project, run,
    its findings, paths relative to the project). A run that finds no Python file and no TypeScript/JavaScript
    server is an error, never a green."""
    from oracle_lint.linter.analisis import correr
    from oracle_lint.linter.proyectos import raices_de_la_corrida, sin_proyecto
    from oracle_lint.nucleo.proyecto import configurada

    raices = raices_de_la_corrida(raiz, Path.cwd())
    salida = []
    for base in raices:
        proyecto = _proyecto(base)
        if raiz is None and len(raices) == 1 and not configurada(proyecto.raiz):
            # the working directory, configured nowhere: look before writing a cache there
            from oracle_lint.linter.archivos import archivos_a_analizar

            if not archivos_a_analizar(proyecto, None) and not _typescript(proyecto):
                raise sin_proyecto(proyecto.raiz, "it is not under a directory configured for Oracle, no configured "
                                                  "project is below it, and it holds no Python file nor "
                                                  "TypeScript/JavaScript MCP server")
        corrida = correr(proyecto, None, cache=not sin_cache, trabajos=trabajos, limite=limite)
        _con_archivos(proyecto, corrida, configurado=raiz is not None or len(raices) > 1)
        salida.append((proyecto, corrida, corrida.hallazgos))
    return salida


def _con_archivos(proyecto, corrida, configurado: bool) -> None:  # type: ignore[no-untyped-def]
    """SIN_PROYECTO when a whole run read no Python file and no TypeScript/JavaScript server: an empty
    directory outside any project, or configured paths that hold none. 0 findings over 0 files is not a pass."""
    if corrida.archivos:
        return
    from oracle_lint.linter.proyectos import sin_proyecto
    from oracle_lint.nucleo.proyecto import configurada

    if configurado or configurada(proyecto.raiz):
        raise sin_proyecto(proyecto.raiz, "its configured paths hold no Python file and no TypeScript/JavaScript MCP "
                                          "server (paths, exclude and .gitignore left none)")
    raise sin_proyecto(proyecto.raiz, "it is not under a directory configured for Oracle, no configured project is "
                                      "below it, and it holds no Python file nor TypeScript/JavaScript MCP server")


def _typescript(proyecto) -> bool:  # type: ignore[no-untyped-def]
    """Whether a project's paths hold a TypeScript/JavaScript MCP server source (read by linter/ts/)."""
    from oracle_lint.linter.archivos import fuentes_mcp_typescript

    return bool(fuentes_mcp_typescript(proyecto))


def _reglas_sarif(catalogo) -> dict:  # type: ignore[no-untyped-def,type-arg]
    """What SARIF says of each rule of a catalog: source, why, scope, the example pair."""
    return {i: {"segun": m.segun, "porque": m.porque, "alcance": m.alcance, "ejemplos": dict(m.ejemplos)}
            for i, m in ((i, catalogo[i].medida) for i in catalogo)}


def _raiz_uri(base: Path) -> str:
    """The SARIF %SRCROOT%: the directory every printed path is relative to, as a file URI."""
    return base.resolve().as_uri().rstrip("/") + "/"


def _presentar(corridas: list, presentacion: Presentacion, desde_cwd: bool = False) -> None:  # type: ignore[type-arg]
    """Print the findings of one or more project runs (each with its findings, paths relative to its
    project) and exit: 1 on findings (0 with --exit-zero), else 0. Every path is printed relative to
    one base (proyectos.base_comun), the one SARIF declares."""
    from oracle_lint.linter import formatos
    from oracle_lint.linter.analisis import Hallazgo
    from oracle_lint.linter.codigos import de_oracle, seleccionar
    from oracle_lint.linter.proyectos import base_comun, rebasar
    from oracle_lint.nucleo.catalogo import catalogo_efectivo

    codigos = de_oracle()
    catalogos = [(p, catalogo_efectivo(p)) for p, _, _ in corridas]
    base = base_comun([p.raiz for p, _, _ in corridas], Path.cwd(), desde_cwd or len(corridas) > 1)
    hallazgos = tuple(sorted((rebasar(h, p.raiz, base) for p, _, suyos in corridas for h in suyos), key=Hallazgo.orden))
    ids = {i for _, c in catalogos for i in c}
    if presentacion.seleccion:
        elegidas = seleccionar(_selectores(presentacion.seleccion), ids, codigos, "--select")
        hallazgos = tuple(h for h in hallazgos if h.rule in elegidas)
    if presentacion.ignorar:
        fuera = seleccionar(_selectores(presentacion.ignorar), ids, codigos, "--ignore")
        hallazgos = tuple(h for h in hallazgos if h.rule not in fuera)
    perdonadas = sorted({j.id for _, c, _ in corridas for j in c.juicio.medidas if j.perdonada})
    sin_juzgar = sorted({i for _, c, _ in corridas for i in c.juicio.sombras_sin_juzgar})
    archivos = sum(len(c.archivos) for _, c, _ in corridas)
    herramientas = sum(len(c.evidencia.get("herramienta", [])) for _, c, _ in corridas)
    sin_salida = sum(formatos.sin_salida(c.evidencia.get("herramienta", [])) for _, c, _ in corridas)
    datos = formatos.resumen(hallazgos, archivos, herramientas, perdonadas, sin_juzgar, sin_salida)
    formato = presentacion.formato
    if formato == "text":
        pinta = _pinta(presentacion.color)
        click.echo(formatos.texto(hallazgos, datos, pinta, codigos, silencioso=presentacion.silencioso,
                                  con_estadisticas=presentacion.estadisticas), nl=False, color=pinta)
    elif formato == "json":
        click.echo(formatos.como_json(hallazgos, datos, codigos), nl=False)
    elif formato == "github":
        click.echo(formatos.github(hallazgos, codigos), nl=False)
    else:
        reglas: dict = {}
        for _, catalogo in catalogos:
            reglas.update(_reglas_sarif(catalogo))
        click.echo(formatos.sarif(hallazgos, reglas, codigos, raiz_uri=_raiz_uri(base),
                                  documentacion=formatos.documentacion_instalada()), nl=False)
    sys.exit(1 if hallazgos and not presentacion.salida_cero else 0)


@main.command()
@click.option("--format", "--output-format", "formato", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@_opciones_de_corrida
@OPCION_PROYECTO
@_con_errores
def report(formato: str, sin_cache: bool, trabajos: int | None, limite: float, raiz: Path | None) -> None:
    """Audit the debt: every list entry and shadow with its state; exit 1 when one must change. At a
    monorepo root (no [tool.oracle] there), every configured project below, each with its own lists."""
    from oracle_lint.linter import reporte
    from oracle_lint.nucleo.proyecto import presentar_ruta

    corridas = _enteras(raiz, sin_cache, trabajos, limite)
    if len(corridas) == 1:
        datos = reporte.construir(corridas[0][1])
        texto = reporte.como_texto
    else:  # a monorepo root: each project's audit, paths from the working directory
        cwd = Path.cwd().resolve()
        partes = []
        for proyecto, corrida, _ in corridas:
            suya = reporte.construir(corrida)
            for e in suya["entries"]:
                e["path"] = presentar_ruta(cwd, (proyecto.raiz / e["path"]).resolve())
            partes.append((presentar_ruta(cwd, proyecto.raiz.resolve()), suya))
        datos = reporte.de_varios(partes)
        texto = reporte.varios_como_texto
    if formato == "json":
        click.echo(reporte.como_json(datos), nl=False)
    else:
        click.echo(texto(datos, markdown=formato == "markdown"), nl=False)
    sys.exit(1 if datos["action_needed"] else 0)


def _sin_lugar(h):  # type: ignore[no-untyped-def]
    """A finding without its line: what a written list entry cannot know before it is written."""
    return (h.path, h.rule, h.tool or "", h.message)


@main.command()
@click.option("--update", "actualizar", is_flag=True,
              help="Only remove what was paid: stale list entries, shadowed tools that no longer violate, stale "
                   "shadows, slack in bounds. Never adds an entry, a tool or a higher bound.")
@click.option("--issue", help="The issue each new debt entry points at (default: the placeholder TODO, which "
                              "`oracle-lint check` reports until it is replaced).")
@click.option("--reason", "porque", default="existing debt, recorded by oracle-lint baseline", show_default=True,
              help="The porque of each new entry and shadow.")
@click.option("--dry-run", "en_seco", is_flag=True, help="Print what would change; write nothing.")
@_opciones_de_corrida
@OPCION_PROYECTO
@_con_errores
def baseline(actualizar: bool, issue: str | None, porque: str, en_seco: bool, sin_cache: bool, trabajos: int | None, limite: float,
             raiz: Path | None) -> None:
    """Record the debt of an existing server so `oracle-lint check` passes, or (--update) shrink it.

    A finding a list exempts becomes a list entry; the rest become shadows scoped to the tools that
    violate each rule, bounded by their count, so a new violation still fails. Exit 0 when `check`
    passes afterwards, 1 when findings remain (printed), 2 on a usage or configuration error. At a
    monorepo root (no [tool.oracle] there), every configured project below gets its own lists and shadows."""
    from oracle_lint.linter import linea_base
    from oracle_lint.linter.codigos import de_oracle
    from oracle_lint.linter.formatos import linea
    from oracle_lint.linter.proyectos import al_directorio
    from oracle_lint.nucleo.errores import ErrorOracle
    from oracle_lint.nucleo.proyecto import presentar_ruta

    if issue is not None and (not issue.strip() or issue.strip() == linea_base.PENDIENTE):
        raise ErrorOracle("ARGUMENTOS_INVALIDOS", f"--issue must name the issue that pays the debt, not {issue!r}.",
                          campo="--issue", correccion="oracle-lint baseline --issue https://github.com/me/server/issues/12")
    if not porque.strip():
        raise ErrorOracle("ARGUMENTOS_INVALIDOS", "--reason must say why the debt exists.", campo="--reason",
                          correccion='oracle-lint baseline --reason "predates the response contract"')
    codigos = de_oracle()
    corridas = _enteras(raiz, sin_cache, trabajos, limite)
    varios = len(corridas) > 1  # a monorepo root: each project gets its own lists and shadows
    quedan = False
    for proyecto, corrida, _ in corridas:
        if varios:
            click.echo(f"Project {presentar_ruta(Path.cwd().resolve(), proyecto.raiz.resolve())}:")
        presentar = (lambda r: presentar_ruta(Path.cwd().resolve(), r.resolve())) if varios else proyecto.presentar_ruta
        lineas, restantes, plan = _linea_base(proyecto, corrida, actualizar, issue, porque.strip(), en_seco, sin_cache,
                                              trabajos, limite, presentar)
        sangria = "  " if varios else ""
        for texto in lineas:
            click.echo(sangria + texto)
        verbo = "would change" if en_seco else "changed"
        click.echo(f"{sangria}baseline: {len(lineas)} line(s) {verbo}; `oracle-lint check` "
                   + (f"reports {len(restantes)} finding(s):" if restantes else "passes."))
        for h in restantes:
            click.echo(sangria + linea(al_directorio(h, proyecto.raiz, Path.cwd()) if varios else h, codigos))
        quedan = quedan or bool(plan.restantes)
    sys.exit(1 if quedan else 0)


def _linea_base(proyecto, corrida, actualizar: bool, issue: str | None, porque: str, en_seco: bool,  # type: ignore[no-untyped-def]
                sin_cache: bool, trabajos: int | None, limite: float, presentar: Callable[[Path], str]):
    """One project's baseline: the lines that change (files named by `presentar`), the findings left
    afterwards and the plan; the files are written (unless `en_seco`) and checked again, restored if
    the check disagrees."""
    import datetime

    from oracle_lint.linter import escritura, linea_base
    from oracle_lint.linter.analisis import correr
    from oracle_lint.linter.listas import LISTAS
    from oracle_lint.nucleo.proyecto import Proyecto

    antes = [linea_base.Entrada(f["lista"], f["herramienta"], f["porque"], f.get("issue"))
             for f in corrida.evidencia.get("lista", [])]
    plan = linea_base.planear(proyecto, corrida, actualizar=actualizar, issue=issue, porque=porque,
                              hoy=datetime.date.today().isoformat())
    config = escritura.archivo_de_config(proyecto)
    nombres = {lista: presentar(escritura.archivo_de_lista(proyecto, lista)) for lista in LISTAS}
    lineas = linea_base.cambios(antes, proyecto.config.sombras, plan, nombres, presentar(config))
    restantes = plan.restantes
    if not en_seco and lineas:
        copia = escritura.respaldo([config, *(escritura.archivo_de_lista(proyecto, lista) for lista in LISTAS)])
        escritura.escribir_plan(proyecto, plan, antes)
        restantes = correr(Proyecto(proyecto.raiz), None, cache=not sin_cache, trabajos=trabajos, limite=limite).hallazgos
        if sorted(map(_sin_lugar, restantes)) != sorted(map(_sin_lugar, plan.restantes)):
            escritura.restaurar(copia)
            raise RuntimeError("the check after the baseline disagrees with its plan; the files were restored")
    return lineas, restantes, plan


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@_opciones_de_corrida
@OPCION_PROYECTO
@_con_errores
def evidence(paths: tuple[Path, ...], sin_cache: bool, trabajos: int | None, limite: float, raiz: Path | None) -> None:
    """Print the evidence (relations of facts) extracted from PATHS, as JSON."""
    from oracle_lint.linter.analisis import reunir_evidencia
    from oracle_lint.linter.formatos import evidencia_json

    proyecto = _proyecto(raiz) if raiz is not None or paths else _uno("evidence")
    corrida = reunir_evidencia(proyecto, list(paths) or None, cache=not sin_cache, trabajos=trabajos, limite=limite)
    click.echo(evidencia_json(corrida.evidencia))


def _uno(orden: str):  # type: ignore[no-untyped-def]
    """The one project a single-project command (`evidence`, `footprint`) reads from the working
    directory: SIN_PROYECTO where there is none, and at a monorepo root a clear refusal naming the
    projects, never the root read as one unconfigured project."""
    from oracle_lint.linter.proyectos import raices_de_la_corrida
    from oracle_lint.nucleo.errores import ErrorOracle
    from oracle_lint.nucleo.proyecto import presentar_ruta

    raices = raices_de_la_corrida(None, Path.cwd())
    if len(raices) > 1:
        nombres = [presentar_ruta(Path.cwd().resolve(), r.resolve()) for r in raices]
        raise ErrorOracle("ARGUMENTOS_INVALIDOS", f"{orden} reads one project, and this monorepo root has "
                          f"{len(raices)}: {', '.join(nombres)}.", campo="--project",
                          correccion=f"oracle-lint {orden} --project {nombres[0]}")
    return _proyecto(raices[0])


@main.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.argument("comando", nargs=-1, type=click.UNPROCESSED, metavar="[-- COMMAND [ARGS]...]")
@click.option("--url", help="Probe a Streamable HTTP server at URL instead of starting COMMAND.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=30.0, show_default=True,
              help="Seconds the server has to start, initialize and list its tools.")
@click.option("--cwd", "directorio", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Directory COMMAND runs in [default: the current one].")
@click.option("--protocol", "era", type=click.Choice(["auto", "modern", "legacy"]), default="auto", show_default=True,
              help="Protocol era: modern (server/discover, 2026-07-28), legacy (the initialize handshake), or auto "
                   "(modern, then legacy when the server refuses it).")
@click.option("--calls", "llamadas", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A TOML or JSON file of sample calls (tool, arguments, partial): each result is checked at run time.")
@click.option("--format", "--output-format", "formato", type=click.Choice(["text", "json", "github", "sarif"]), default="text", show_default=True)
@click.option("--tokens", "fichas", is_flag=True,
              help="Instead of judging the contract, measure the o200k_base tokens of tools/list (per tool, per slot, "
                   "the listing compact and indented) and judge presupuesto_tokens of [tool.oracle]: over it or "
                   "below it exits 1. Needs the `tokens` extra (tiktoken) and the cached tokenizer file.")
@OPCION_PROYECTO
@_con_errores
def probe(comando: tuple[str, ...], url: str | None, timeout: float, directorio: Path | None, era: str,
          llamadas: Path | None, formato: str, fichas: bool, raiz: Path | None) -> None:
    """Start an MCP server (stdio) or reach one (--url), list its tools and judge the published contract.

    The server is started exactly as a client would start it (`oracle-lint probe -- python server.py`),
    asked for tools/list through the MCP Python SDK's client, and ended. Its schemas are judged with the
    project's catalog and lists; rules that need the source are named, not passed. With --tokens, the
    listing's footprint is measured and judged against the budget instead (docs/huella.md).
    """
    from oracle_lint.linter.sonda import presentacion
    from oracle_lint.linter.sonda.cliente import Servidor, comando as validar_comando
    from oracle_lint.linter.sonda.corrida import sondear
    from oracle_lint.nucleo.errores import ErrorOracle

    if url and comando:
        raise ErrorOracle("ARGUMENTOS_INVALIDOS", "probe takes either a server command after `--` or --url, not both.",
                          correccion="oracle-lint probe --url http://127.0.0.1:8000/mcp  or  oracle-lint probe -- python server.py")
    servidor = Servidor(url=url) if url else Servidor(comando=validar_comando(comando), cwd=str(directorio) if directorio else None)
    proyecto = _proyecto(raiz)
    if fichas:
        _probar_huella(proyecto, servidor, timeout, era, llamadas, formato)
    muestras = (llamadas, proyecto.presentar_ruta(llamadas.resolve())) if llamadas else None
    sondeo = sondear(proyecto, servidor, timeout, era, muestras)
    if formato in ("github", "sarif"):
        from oracle_lint.linter import formatos
        from oracle_lint.nucleo.catalogo import catalogo_efectivo

        from oracle_lint.linter.codigos import de_oracle

        from oracle_lint.linter.proyectos import base_comun, rebasar

        base = base_comun([proyecto.raiz], Path.cwd(), False)
        hallazgos = tuple(rebasar(h, proyecto.raiz, base) for h in presentacion.con_servidor(sondeo))
        if formato == "github":
            click.echo(formatos.github(hallazgos, de_oracle()), nl=False)
        else:
            click.echo(formatos.sarif(hallazgos, _reglas_sarif(catalogo_efectivo(proyecto)), de_oracle(),
                                      raiz_uri=_raiz_uri(base), documentacion=formatos.documentacion_instalada()), nl=False)
    else:
        click.echo(presentacion.como_json(sondeo) if formato == "json" else presentacion.texto(sondeo), nl=False)
    sys.exit(1 if sondeo.hallazgos else 0)


def _probar_huella(proyecto: Proyecto, servidor: Servidor, timeout: float, era: str, llamadas: Path | None,
                   formato: str) -> None:
    """`probe --tokens`: the live listing's footprint and the budget's verdict; exit 1 when the budget must
    change or the listing must shrink, else 0. The tokenizer is loaded before the server is started."""
    from oracle_lint.linter import huella, tokenizador
    from oracle_lint.linter.formatos import VERSION_JSON
    from oracle_lint.linter.sonda.cliente import listar
    from oracle_lint.nucleo.errores import ErrorOracle

    if llamadas is not None:
        raise ErrorOracle("ARGUMENTOS_INVALIDOS", "--tokens measures tools/list only; it takes no --calls.",
                          correccion="oracle-lint probe --tokens -- python server.py")
    if formato not in ("text", "json"):
        raise ErrorOracle("ARGUMENTOS_INVALIDOS", f"--tokens prints text or json, not {formato}.",
                          correccion="oracle-lint probe --tokens --format json -- python server.py")
    contar = tokenizador.cargar_o200k()
    listado = listar(servidor, timeout, era, crudo=True)
    medida = huella.huella(listado.herramientas, contar)
    juicio = huella.juzgar_presupuesto(medida.total, proyecto.config.presupuesto_tokens)
    origen = servidor.origen()
    if formato == "json":
        click.echo(huella.json_vivo(medida, origen, listado.protocolo, juicio, VERSION_JSON), nl=False)
    else:
        click.echo(huella.texto_vivo(medida, origen, juicio), nl=False)
    sys.exit(1 if juicio.falla else 0)


@main.command()
@click.option("--format", "--output-format", "formato", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_opciones_de_corrida
@OPCION_PROYECTO
@_con_errores
def footprint(formato: str, sin_cache: bool, trabajos: int | None, limite: float, raiz: Path | None) -> None:
    """Report the o200k_base tokens of the tools/list the source analysis derives (names and schemas; no
    descriptions). It judges nothing: the budget is judged on the live listing by `probe --tokens`."""
    from oracle_lint.linter import huella, tokenizador
    from oracle_lint.linter.analisis import reunir_evidencia
    from oracle_lint.linter.formatos import VERSION_JSON

    contar = tokenizador.cargar_o200k()  # before the analysis: a missing tokenizer costs no run
    proyecto = _proyecto(raiz) if raiz is not None else _uno("footprint")
    corrida = reunir_evidencia(proyecto, None, cache=not sin_cache, trabajos=trabajos, limite=limite)
    definiciones, sin_derivar = huella.definiciones_estaticas(corrida.evidencia)
    medida = huella.huella(definiciones, contar)
    presupuesto = proyecto.config.presupuesto_tokens
    if formato == "json":
        click.echo(huella.json_estatico(medida, sin_derivar, presupuesto, VERSION_JSON), nl=False)
    else:
        click.echo(huella.texto_estatico(medida, sin_derivar, presupuesto), nl=False)


@main.command()
@click.argument("ident", metavar="[ID]", required=False)
@OPCION_PROYECTO
@_con_errores
def rules(ident: str | None, raiz: Path | None) -> None:
    """List the effective catalog (code, name, id, source), or document one rule (by code, name or id)
    with a failing and a passing example."""
    from oracle_lint.linter.codigos import de_oracle
    from oracle_lint.nucleo.catalogo import catalogo_efectivo

    catalogo = catalogo_efectivo(_proyecto(raiz))
    codigos = de_oracle()
    if ident is None:
        for i in catalogo:
            entrada, c = catalogo[i], codigos.get(i)
            etiqueta = f"{c.codigo}  {c.nombre:<36}" if c else f"{'-':<6}  {'-':<36}"
            click.echo(f"{etiqueta}  {i}  [{entrada.origen}]  {entrada.medida.segun}")
        return
    por_codigo = {x: i for i, c in codigos.items() if i in catalogo for x in (c.codigo, c.nombre)}
    if ident not in catalogo and ident not in por_codigo:
        from oracle_lint.nucleo.errores import ErrorOracle

        raise ErrorOracle("MEDIDA_DESCONOCIDA", f"{ident!r} is not a rule of this project's effective catalog.",
                          campo="ID", correccion="`oracle-lint rules` lists the codes, names and ids.")
    entrada = catalogo[por_codigo.get(ident, ident)]
    m = entrada.medida
    c = codigos.get(m.id)
    partes = [
        (f"{c.codigo} {c.nombre}  ({m.id})  [{entrada.origen}]" if c else f"{m.id}  [{entrada.origen}]"),
        f"according to: {m.segun}",
        "",
        f"why: {m.porque}",
        "",
        f"scope: {m.alcance}",
        f"needs relations: {', '.join(m.requiere) or '-'}",
        "witnesses:",
        *(f"    {linea}" for linea in m.testigos.strip().splitlines()),
        f"red when: {m.valor['agregado']}{' ' + m.valor['campo'] if 'campo' in m.valor else ''} "
        f"{m.umbral.operador} {m.umbral.valor} does not hold",
    ]
    for clave, titulo in (("rojo", "Fails"), ("verde", "Passes")):
        if clave in m.ejemplos:
            partes += ["", f"{titulo}:", *(f"    {linea}" for linea in m.ejemplos[clave].strip("\n").splitlines())]
    click.echo("\n".join(partes))


if __name__ == "__main__":  # `python -m oracle_lint.linter.cli` runs the command instead of importing it silently
    main(prog_name="oracle-lint")
