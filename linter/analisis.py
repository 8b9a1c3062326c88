"""One lint run: files -> evidence (extraction + lists) -> the core's judgement -> findings.

The analyzer decides no rule here: every finding is a witness row of a red measure of the
effective catalog, or a shadow the core says must change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from oracle_lint.linter.archivos import SUFIJOS_TS, archivos_a_analizar, fuentes_typescript
from oracle_lint.linter.caminata import archivos_configurados, archivos_de_resolucion
from oracle_lint.linter.cache import Almacen
from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.instalados import sitios_de
from oracle_lint.linter.extraccion.presupuesto import PRESUPUESTO_POR_ARCHIVO
from oracle_lint.linter.listas import cargar_listas, con_alcance, por_registro
from oracle_lint.linter.versiones import fijadas, tupla
from oracle_lint.nucleo.errores import ErrorOracle, proyecto_invalido
from oracle_lint.nucleo.juicio import Juicio, Juzgada, juzgar
from oracle_lint.nucleo.sombras import OBSOLETA, FallaDeSombra, numero
from oracle_lint.nucleo.proyecto import Proyecto


@dataclass(frozen=True, order=True)
class Hallazgo:
    """One finding: a witness of a red, unforgiven measure (or a shadow that must change)."""

    path: str
    line: int
    column: int
    rule: str
    tool: str | None
    message: str

    def orden(self) -> tuple[str, int, int, str, str, str]:
        """The order findings are printed in (a finding without a tool sorts before the tools')."""
        return (self.path, self.line, self.column, self.rule, self.tool or "", self.message)

    def a_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "tool": self.tool,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }


@dataclass(frozen=True)
class Corrida:
    """What one run looked at and what the core said about it."""

    proyecto: Proyecto
    archivos: tuple[Path, ...]
    completa: bool
    evidencia: dict[str, list[dict[str, Any]]]
    juicio: Juicio | None = None
    hallazgos: tuple[Hallazgo, ...] = field(default_factory=tuple)


def reunir_evidencia(proyecto: Proyecto, rutas: Sequence[Path] | None, *, cache: bool = True,
                     trabajos: int | None = None, forzar_exclusion: bool = True,
                     limite: float = PRESUPUESTO_POR_ARCHIVO) -> Corrida:
    """Extract facts from the files of this run (cached per file in `.oracle-cache/`) and add the `lista` relation."""
    sitios = sitios_del_venv(proyecto)  # before anything is written: a venv that is not there stops the run
    almacen = Almacen(proyecto.raiz, "extraccion") if cache else None
    # the configured tree's list, remembered by the stat of what its walk looked at (caminata.py)
    configurados = archivos_configurados(proyecto, almacen)
    archivos = archivos_a_analizar(proyecto, rutas, forzar_exclusion=forzar_exclusion) if rutas else configurados
    # A run over some files still resolves through the whole configured tree (servers passed in
    # from other files, their call sites): the same facts as the full run, never a guess.
    contexto = configurados if rutas else []
    # The project's modules `paths` leaves out are read to resolve what the analyzed files import
    # (`from .api import client`), never judged: a root built there is followed, not called opaque.
    resolucion = archivos_de_resolucion(proyecto, almacen, configurados)
    versiones = {p: tupla(v) for p, v in fijadas(proyecto.raiz).items() if tupla(v)}
    # A whole run reads the TypeScript/JavaScript MCP servers of its paths too (linter/ts/); so does a
    # run over some files that names a TypeScript/JavaScript file or a directory (a changed schema or
    # helper module reaches tools registered elsewhere, and the front end is cheap: all of them).
    nombra_ts = any(r.is_dir() or r.name.endswith(SUFIJOS_TS) for r in rutas or ())
    typescript, resto_ts = fuentes_typescript(proyecto) if not rutas or nombra_ts else ([], [])
    evidencia = extraer(archivos, proyecto.raiz, almacen=almacen, trabajos=trabajos, contexto=contexto,
                        resolucion=resolucion, limite=limite, versiones=versiones, typescript=typescript,
                        typescript_resto=resto_ts, sitios=sitios)
    analizadas = {f["herramienta"] for f in evidencia.get("herramienta", [])}
    completa = not rutas
    evidencia["lista"] = con_alcance(por_registro(cargar_listas(proyecto.dir_listas, proyecto.raiz),
                                                  evidencia.get("herramienta", [])),
                                     analizadas, completa)
    evidencia.update(hechos_del_tracker(proyecto))
    return Corrida(proyecto, tuple(archivos) + tuple(typescript), completa, evidencia)


def sitios_del_venv(proyecto: Proyecto) -> list[str]:
    """The site-packages directories of the venv `[tool.oracle] venv` names (none without the key).
    A venv that is not there stops the run: its types would otherwise be reported unread, a result
    that depends on a missing directory instead of on the code."""
    if proyecto.config.venv is None:
        return []
    venv = proyecto.raiz / proyecto.config.venv  # an absolute path stays as it is
    sitios = sitios_de(str(venv))
    if not sitios:
        raise proyecto_invalido(
            str(proyecto.raiz),
            f"«venv» nombra {venv}, que no es un entorno virtual con site-packages (lib/python3.X/site-packages)",
            "creá el entorno e instalá el proyecto en él (python -m venv .venv && .venv/bin/pip install -e .), "
            "apuntá venv al entorno donde está instalado, o quitá la clave.",
            f"«venv» names {venv}, which is not a virtual environment with a site-packages directory "
            "(lib/python3.X/site-packages)",
            "create it and install the project in it (python -m venv .venv && .venv/bin/pip install -e .), "
            "point venv at the environment the project is installed in, or remove the key.")
    return sitios


def hechos_del_tracker(proyecto: Proyecto) -> dict[str, list[dict[str, Any]]]:
    """The task tracker's facts when the project keeps one (an invalid tracker stops the run)."""
    from oracle_lint.nucleo.tareas import DIRECTORIO, hechos

    if not (proyecto.raiz / DIRECTORIO).exists():
        return {}
    return hechos(proyecto)


def _entero(valor: object, defecto: int) -> int:
    return valor if isinstance(valor, int) and not isinstance(valor, bool) and valor > 0 else defecto


def hallazgos_de(juicio: Juicio, proyecto: Proyecto) -> tuple[Hallazgo, ...]:
    """Findings from a judgement: witnesses of red unforgiven measures and shadow failures."""
    if juicio.no_juzgaron:
        motivos = [f"{n['id']}: {n['motivo']}" for n in juicio.no_juzgaron]
        raise ErrorOracle(
            "EVALUACION_FALLO",
            f"{len(motivos)} measure(s) could not be judged; no verdict was produced for them.",
            detalles=motivos,
            correccion="fix the measures named above; oracle-lint never reports them as passing.",
        )
    config = proyecto.presentar_ruta(proyecto.archivos_config[0]) if proyecto.archivos_config else "."
    salida: list[Hallazgo] = []
    en_el_codigo: list[Hallazgo] = []  # findings at a place in the code: one per defect (una_por_lugar)
    for juzgada in juicio.medidas:
        if juzgada.veredicto.estado != "rojo" or juzgada.perdonada:
            continue
        medida = juzgada.entrada.medida
        sobre = _sobre_la_cota(juzgada)
        if sobre:
            salida.append(Hallazgo(config, 1, 1, medida.id, None, sobre))
        for testigo in juzgada.testigos_sin_perdon:
            en_codigo = isinstance(testigo.get("archivo"), str) and _entero(testigo.get("linea"), 0) > 0
            (en_el_codigo if en_codigo else salida).append(
                Hallazgo(
                    path=str(testigo.get("archivo") or config),
                    line=_entero(testigo.get("linea"), 1),
                    column=_entero(testigo.get("columna"), 1),
                    rule=medida.id,
                    tool=testigo.get("herramienta") if isinstance(testigo.get("herramienta"), str) else None,
                    message=medida.mensaje_para(testigo),
                )
            )
        if not juzgada.veredicto.testigos:  # red without witnesses (a threshold on a sum, say)
            salida.append(Hallazgo(config, 1, 1, medida.id, None, f"{medida.porque} (value {numero(juzgada.veredicto.valor)})"))
    for falla in juicio.fallas_de_sombra:
        salida.append(Hallazgo(config, 1, 1, falla.medida, None, mensaje_de_sombra(falla)))
    return tuple(sorted([*salida, *una_por_lugar(en_el_codigo)], key=Hallazgo.orden))


# Where a schema rule's message names the node it judges: one annotation can be reached at several pointers
# (a model returned whole and nested in another tool's list; a union inside a union's branch).
PUNTERO = re.compile(r'JSON pointer "(.*)" of its (?:input|output) schema')


def una_por_lugar(hallazgos: Sequence[Hallazgo]) -> list[Hallazgo]:
    """One finding per defect: findings of one rule at one place of the code whose messages differ only in the
    tool's name (a sub-server mounted under a prefix publishes each tool twice; two tools share the
    helper that writes the key) are one, under the shortest tool name, naming the others; so are the
    findings of a schema rule at one place of the code, whatever JSON pointer they name (one field's
    union reached as a model's own property and inside another tool's list; the nested unions an SDK
    type brings into one parameter: the annotation there is what to change), naming each other pointer.
    The rule's count (shadows, baseline) still counts each: only the presentation merges them."""
    grupos: dict[tuple[str, int, int, str, str], list[Hallazgo]] = {}
    sueltos: list[Hallazgo] = []
    for h in hallazgos:
        if h.tool is None or f"«{h.tool}»" not in h.message:
            sueltos.append(h)
            continue
        # a schema node's finding: one per rule and place, whatever node of which tool's schema it names
        texto = "\x00" if PUNTERO.search(h.message) else h.message.replace(f"«{h.tool}»", "«\x00»", 1)
        grupos.setdefault((h.path, h.line, h.column, h.rule, texto), []).append(h)
    for grupo in grupos.values():
        primero, *otros = sorted(grupo, key=lambda h: (len(h.tool or ""), h.tool or "", len(_puntero(h)), _puntero(h)))
        if not otros:
            sueltos.append(primero)
            continue
        tambien = _tambien(primero, otros)
        sueltos.append(replace(primero, message=f"{primero.message} (the same code, also {tambien})") if tambien else primero)
    return sueltos


def _puntero(h: Hallazgo) -> str:
    """The JSON pointer a finding's message names ("" when none)."""
    m = PUNTERO.search(h.message)
    return m.group(1) if m else ""


def _tambien(primero: Hallazgo, otros: list[Hallazgo]) -> str:
    """The rest of a merged group: other tools (at their pointers when those differ from the first's), then
    other pointers of the first's tool."""
    herramientas: dict[str, list[str]] = {}
    for h in otros:
        herramientas.setdefault(h.tool or "", []).append(_puntero(h))
    partes = [f'at JSON pointer "{p}"' for p in dict.fromkeys(herramientas.pop(primero.tool or "", []))
              if p != _puntero(primero)]
    if herramientas:
        nombres = ", ".join(f"«{t}»" + "".join(f' at JSON pointer "{p}"' for p in punteros if p != _puntero(primero))
                            for t, punteros in herramientas.items())
        partes.append(f"for tool {nombres}" if len(herramientas) == 1 else f"for tools {nombres}")
    return "; ".join(partes)


def _sobre_la_cota(juzgada: Juzgada) -> str:
    """The English presentation of a shadow the core says is exceeded (a new finding among those below)."""
    sombra, valor = juzgada.sombra, juzgada.excedida
    if sombra is None or valor is None:
        return ""
    donde = "" if sombra.herramientas is None else f" in its tools ({', '.join(sombra.herramientas)})"
    return (f"the shadow of «{juzgada.id}» forgives nothing: the rule counts {numero(valor)}{donde}, over its bound "
            f"{sombra.cota}; fix the new finding below (or, to accept it as debt, raise cota with `oracle-lint baseline`)")


def mensaje_de_sombra(falla: FallaDeSombra) -> str:
    """The English presentation of a shadow that must change (the core's text is seed 001's Spanish)."""
    if falla.clase == OBSOLETA and falla.herramienta is not None:
        return (f"«{falla.herramienta}» no longer violates «{falla.medida}»: remove it from herramientas in "
                f'[tool.oracle.sombras."{falla.medida}"]')
    if falla.clase == OBSOLETA:
        return (f"the shadow of «{falla.medida}» is stale: the rule passes; remove "
                f'[tool.oracle.sombras."{falla.medida}"]')
    valor = numero(falla.valor)
    return (f"the bound of the shadow of «{falla.medida}» has slack: the rule counts {valor}, below the bound "
            f"{falla.cota}; lower cota to {valor}")


def correr(proyecto: Proyecto, rutas: Sequence[Path] | None, *, cache: bool = True, trabajos: int | None = None,
           forzar_exclusion: bool = True, limite: float = PRESUPUESTO_POR_ARCHIVO) -> Corrida:
    """The whole check: evidence, judgement, findings. A run over some files judges shadows only
    where a part can tell (a count over the bound), never their slack or staleness."""
    corrida = reunir_evidencia(proyecto, rutas, cache=cache, trabajos=trabajos, forzar_exclusion=forzar_exclusion,
                               limite=limite)
    analizadas = {f["herramienta"] for f in corrida.evidencia.get("herramienta", [])}
    juicio = juzgar(proyecto, corrida.evidencia, parcial=not corrida.completa, analizadas=analizadas)
    return Corrida(
        corrida.proyecto, corrida.archivos, corrida.completa, corrida.evidencia, juicio, hallazgos_de(juicio, proyecto)
    )
