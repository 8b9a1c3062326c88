"""`oracle medida probar|expandir|listar`: try one measure, show its canonical form, list the catalog."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from oracle_lint.nucleo.cli.comun import EXIT_ROJO, EXIT_VERDE, con_errores, imprimir_json
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.medida import Medida, medida_de_texto
from oracle_lint.nucleo.veredicto import Veredicto


@click.group()
def medida() -> None:
    """Work with one measure: evaluate it, expand it, list the effective catalog."""


def leer_json(ruta: Path, que: str, que_en: str = "JSON") -> object:
    """Read a JSON file; a missing or malformed file is a stable error, not a traceback (`que_en`: what, in English)."""
    try:
        return json.loads(ruta.read_text(encoding="utf-8"))
    except OSError as error:
        raise ErrorOracle(
            "ARGUMENTOS_INVALIDOS",
            f"{ruta}: {error.strerror}; se esperaba un archivo {que} legible.",
            campo=str(ruta),
            correccion="pasá la ruta de un archivo existente.",
            mensaje_en=f"{ruta}: {error.strerror}; expected a readable {que_en} file.",
            correccion_en="pass the path of an existing file.",
        ) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ErrorOracle(
            "EVIDENCIA_INVALIDA",
            f"$.evidencia: {ruta} no es JSON UTF-8 válido ({error}).",
            campo=str(ruta),
            correccion="corregí el archivo: un objeto relación -> lista de filas.",
            mensaje_en=f"$.evidencia: {ruta} is not valid UTF-8 JSON ({error}).",
            correccion_en="fix the file: an object relation -> list of rows.",
        ) from None


def _medida(ident: str | None, texto: Path | None, proyecto: Path | None, confiar: bool) -> tuple[Medida, object]:
    """The measure by id (from the effective catalog) or by text file; also the project's scalars."""
    if (ident is None) == (texto is None):
        raise click.UsageError("give exactly one of ID or --texto FILE")
    from oracle_lint.nucleo.catalogo import catalogo_efectivo, macros_del_proyecto
    from oracle_lint.nucleo.escalares import cargar_escalares
    from oracle_lint.nucleo.proyecto import Proyecto, encontrar_raiz

    p = Proyecto(proyecto or encontrar_raiz(Path.cwd()), confiar_escalares=confiar)
    if texto is not None:  # in memory, with the project's macros and scalars, as oracle_evaluar does
        macros, _ = macros_del_proyecto(p)
        return medida_de_texto(texto.read_text(encoding="utf-8"), macros=macros, quien=str(texto)), cargar_escalares(
            p.raiz, confiar
        )
    return catalogo_efectivo(p).obtener(ident).medida, cargar_escalares(p.raiz, confiar)


def _texto_veredicto(v: Veredicto) -> str:
    lineas = [f"{v.medida}: {v.estado} (valor {v.valor}; umbral {v.umbral.operador} {v.umbral.valor})"]
    if v.faltan:
        lineas.append(f"  missing relations: {', '.join(v.faltan)}")
    shown, omitted = v.testigos_presentados()
    for t in shown:
        lineas.append(f"  witness: {json.dumps(t, ensure_ascii=False, sort_keys=True)}")
    if omitted:
        lineas.append(f"  … and {omitted} more witness(es)")
    for a in v.advertencias:
        lineas.append(f"  warning: {a}")
    return "\n".join(lineas)


@medida.command("probar")
@click.argument("ident", metavar="ID", required=False)
@click.option("--texto", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="A measure's TOML file.")
@click.option("--con", "evidencia", required=True, type=click.Path(dir_okay=False, path_type=Path), help="Evidence JSON.")
@click.option("--proyecto", type=click.Path(file_okay=False, path_type=Path), help="Project root (default: found upward).")
@click.option("--confiar-escalares", is_flag=True, help="Allow the project's escalares.py to run.")
@click.option("--json", "como_json", is_flag=True, help="Print the verdict as JSON.")
@con_errores
def probar(
    ident: str | None, texto: Path | None, evidencia: Path, proyecto: Path | None, confiar_escalares: bool, como_json: bool
) -> None:
    """Evaluate one measure (by ID or --texto FILE) over an evidence file. Exit 0 green, 1 otherwise."""
    m, escalares = _medida(ident, texto, proyecto, confiar_escalares)
    v = m.evaluar(leer_json(evidencia, "de evidencia", "evidence"), escalares=escalares)  # type: ignore[arg-type]
    if como_json:
        imprimir_json(v.a_dict())
    else:
        click.echo(_texto_veredicto(v))
    sys.exit(EXIT_VERDE if v.ok else EXIT_ROJO)


@medida.command("expandir")
@click.argument("ident", metavar="ID", required=False)
@click.option("--texto", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="A measure's TOML file.")
@click.option("--proyecto", type=click.Path(file_okay=False, path_type=Path), help="Project root (default: found upward).")
@click.option("--json", "como_json", is_flag=True, help="Print the whole canonical measure as JSON.")
@con_errores
def expandir(ident: str | None, texto: Path | None, proyecto: Path | None, como_json: bool) -> None:
    """Show a measure's canonical form: macros expanded, as the algebra, hashes and mutants see it."""
    m, _ = _medida(ident, texto, proyecto, False)
    if como_json:
        imprimir_json(m.a_datos())
    else:
        from oracle_lint.nucleo.lenguaje import a_texto

        click.echo(a_texto(m.forma))
        click.echo(json.dumps(m.forma, ensure_ascii=False, indent=2))


def _texto_desafio(datos: dict) -> str:
    """One line per discordance and per undetected mutant, then the conclusion."""
    lineas = [f"discordance: {d['caso']} expected {d['esperado']} got {d['obtenido']}" for d in datos["discordancias"]]
    for n in datos["mutacion"]["no_detectados"]:
        que = "survived" if n["estado"] == "sobrevivio" else "rejected by the algebra"
        lineas.append(f"{que}: {n['id']} — {n['cambio']}")
    lineas += [f"note: {a}" for a in datos["advertencias"]]
    c, m = datos["casos"], datos["mutacion"]
    sobrevivieron = sum(n["estado"] == "sobrevivio" for n in m["no_detectados"])
    lineas.append(
        f"{datos['medida']}: {datos['conclusion']} (cases {c['total']}: {c['esperan_verde']} expect verde, "
        f"{c['esperan_rojo']} expect rojo or sin_evidencia, {c['efimeros']} ephemeral; mutants {m['generados']}: "
        f"{m['detectados_por_conducta']} detected by behaviour, {m['rechazados_por_el_algebra']} rejected by the "
        f"algebra, {sobrevivieron} survived)"
    )
    return "\n".join(lineas)


@medida.command("desafiar")
@click.argument("ident", metavar="ID", required=False)
@click.option("--texto", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="A measure's TOML file.")
@click.option("--caso", "casos", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="An ephemeral case file: {id, espera, evidencia} or a list of them (repeatable).")
@click.option("--sin-evidencia-del-proyecto", is_flag=True, help="Do not use the project's corpus and diferencial.")
@click.option("--proyecto", type=click.Path(file_okay=False, path_type=Path), help="Project root (default: found upward).")
@click.option("--confiar-escalares", is_flag=True, help="Allow the project's escalares.py to run.")
@click.option("--json", "como_json", is_flag=True, help="Print the oracle.mcp/desafio/v1 object.")
@con_errores
def desafiar(
    ident: str | None,
    texto: Path | None,
    casos: tuple[Path, ...],
    sin_evidencia_del_proyecto: bool,
    proyecto: Path | None,
    confiar_escalares: bool,
    como_json: bool,
) -> None:
    """Challenge a measure with both polarities of cases and its mutants.

    Exit 0 when every mutant was detected by behaviour or rejected by the algebra, 1 otherwise
    (a discordance, a missing polarity, no mutants, or a survivor), 2 on errors. It does not
    prove the measure correct.
    """
    from oracle_lint.nucleo.catalogo import catalogo_efectivo
    from oracle_lint.nucleo.cli.opciones import abrir_proyecto
    from oracle_lint.nucleo.corpus import caso_efimero_de_archivo
    from oracle_lint.nucleo.desafio import desafiar as _desafiar
    from oracle_lint.nucleo.escalares import cargar_escalares
    from oracle_lint.nucleo.mutacion import EXITOSAS

    if (ident is None) == (texto is None):
        raise click.UsageError("give exactly one of ID or --texto FILE")
    p = abrir_proyecto(proyecto, confiar_escalares)
    if texto is not None:
        m = medida_de_texto(texto.read_text(encoding="utf-8"), quien=str(texto))
        escalares = cargar_escalares(p.raiz, confiar_escalares)
    else:
        catalogo = catalogo_efectivo(p)
        m, escalares = catalogo.obtener(ident).medida, catalogo.escalares  # type: ignore[arg-type]
    efimeros = tuple(c for ruta in casos for c in caso_efimero_de_archivo(ruta, str(ruta)))
    datos = _desafiar(p, m, efimeros, usar_evidencia_del_proyecto=not sin_evidencia_del_proyecto, escalares=escalares)
    if como_json:
        imprimir_json(datos)
    else:
        click.echo(_texto_desafio(datos))
    sys.exit(EXIT_VERDE if datos["conclusion"] in EXITOSAS else EXIT_ROJO)


@medida.command("ronda")
@click.option("--origen", default="catalogo_base:oracle", show_default=True, help="The catalog source to challenge.")
@click.option(
    "--equivalentes",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="TOML list of surviving mutants shown equivalent (default: docs/mutantes_equivalentes.toml of the project).",
)
@click.option("--proyecto", type=click.Path(file_okay=False, path_type=Path), help="Project root (default: found upward).")
@click.option("--json", "como_json", is_flag=True, help="Print the rows as JSON.")
@con_errores
def ronda(origen: str, equivalentes: Path | None, proyecto: Path | None, como_json: bool) -> None:
    """Challenge every measure of one source with its corpus; exit 1 on an unexplained survivor."""
    from oracle_lint.nucleo import ronda as r
    from oracle_lint.nucleo.proyecto import Proyecto, encontrar_raiz

    p = Proyecto(proyecto or encontrar_raiz(Path.cwd()))
    lista = r.leer_equivalentes(equivalentes or p.raiz / "docs" / "mutantes_equivalentes.toml")

    def linea(f: r.FilaDeRonda) -> None:
        if como_json:
            return
        explicados = f" ({len(f.explicados)} equivalent)" if f.explicados else ""
        click.echo(
            f"{f.medida}: cases {f.casos}, mutants {f.generados}, detected {f.detectados}, "
            f"rejected {f.rechazados}, survived {len(f.sobrevivientes)}{explicados} — {f.conclusion}"
        )
        for d in f.discordancias:
            click.echo(f"    case {d['caso']}: expected {d['esperado']}, got {d['obtenido']}")
        for ident, cambio in f.sin_explicar:
            click.echo(f"    survivor {ident}: {cambio}")

    filas = r.ronda(p, origen=origen, equivalentes=lista, al_avanzar=linea)
    obsoletos = r.equivalentes_obsoletos(filas, lista)
    fallan = [f for f in filas if not f.pasa]
    if como_json:
        imprimir_json(
            {
                "filas": [
                    {
                        "medida": f.medida,
                        "casos": f.casos,
                        "generados": f.generados,
                        "detectados": f.detectados,
                        "rechazados": f.rechazados,
                        "sobrevivientes": [{"id": i, "cambio": c} for i, c in f.sobrevivientes],
                        "equivalentes": list(f.explicados),
                        "conclusion": f.conclusion,
                        "pasa": f.pasa,
                    }
                    for f in filas
                ],
                "equivalentes_obsoletos": [e.__dict__ for e in obsoletos],
            }
        )
    else:
        for e in obsoletos:
            click.echo(f"stale equivalent: {e.medida} {e.mutante} no longer survives; remove it from the list")
        total = lambda campo: sum(getattr(f, campo) for f in filas)  # noqa: E731
        click.echo(
            f"total: {len(filas)} measures, {total('casos')} cases, {total('generados')} mutants, "
            f"{total('detectados')} detected, {total('rechazados')} rejected, "
            f"{sum(len(f.sobrevivientes) for f in filas)} survived "
            f"({sum(len(f.explicados) for f in filas)} shown equivalent); "
            f"{len(fallan)} measure(s) fail, {len(obsoletos)} stale equivalent(s)"
        )
    sys.exit(EXIT_VERDE if filas and not fallan and not obsoletos else EXIT_ROJO)
