"""The footprint (huella) of a `tools/list`: how many tokens its tool definitions cost an agent.

Seed 000 §2.1/§7 and seed 001 ("Costo de contexto") make that cost a number that must be measured
and only go down. Everything here is pure: the tool definitions (dicts as a `tools/list` result
carries them) and a counting function `contar` (text -> tokens) in, plain dataclasses out.

What is counted, exactly (`compacto` is `json.dumps(valor, ensure_ascii=False, separators=(",", ":"))`,
the UTF-8 text a server writes without insignificant whitespace):

- a tool's `total`: `contar(compacto(tool))`, the whole definition;
- a tool's slots (`ranuras`), one per top-level key in the tool's own key order:
  `contar(compacto(key) + ":" + compacto(value))`, i.e. the text `"key":value`. The slots of a tool
  cover its JSON but for the braces and the commas between them, so they sum close to `total`
  (a tokenizer may merge characters across a slot's edge, so the sum is not exactly it);
- a tool's `descripcion`: `contar(description)` of the description's text itself, unquoted and
  unescaped (0 when the tool has none; a description that is not a string counts as its compact JSON);
- the listing's `total`: `contar(compacto({"tools": tools}))`, the `tools/list` result's payload
  without `nextCursor` or any other key; `total_indentado`: the same object dumped with `indent=2`
  (`ensure_ascii=False`), what a server that pretty-prints its JSON would cost.

The budget (`presupuesto_tokens`) is judged against the compact listing total only, shrink-only like
a shadow's bound (`nucleo/sombras.py`): over it is a finding, below it is slack (lower the budget),
equal is clean.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle_lint.nucleo import cotas

Contar = Callable[[str], int]



def compacto(valor: Any) -> str:
    """The compact JSON text of a value, non-ASCII kept as UTF-8 (what a server writes on the wire)."""
    return json.dumps(valor, ensure_ascii=False, separators=(",", ":"))


def indentado(valor: Any) -> str:
    """The same value pretty-printed with two spaces, non-ASCII kept."""
    return json.dumps(valor, ensure_ascii=False, indent=2)


@dataclass(frozen=True)
class HuellaHerramienta:
    """One tool's cost: its whole compact definition, its description's text, and each top-level slot."""

    nombre: str
    total: int
    descripcion: int
    ranuras: tuple[tuple[str, int], ...]  # (key, tokens of `"key":value`), in the tool's key order

    def a_dict(self) -> dict[str, Any]:
        """The JSON shape: name, total, description, slots (an object in the tool's key order)."""
        return {"name": self.nombre, "total": self.total, "description": self.descripcion, "slots": dict(self.ranuras)}


@dataclass(frozen=True)
class Huella:
    """A whole listing's cost: per tool, the compact `{"tools": [...]}` total and the indented one."""

    herramientas: tuple[HuellaHerramienta, ...]
    total: int
    total_indentado: int

    @property
    def indentacion(self) -> int:
        """What indenting the listing (indent=2) costs over the compact text, in tokens."""
        return self.total_indentado - self.total

    def a_dict(self) -> dict[str, Any]:
        """The JSON shape: tools, total, total_indented, indentation."""
        return {"tools": [h.a_dict() for h in self.herramientas], "total": self.total,
                "total_indented": self.total_indentado, "indentation": self.indentacion}


def huella_de_herramienta(tool: Mapping[str, Any], contar: Contar) -> HuellaHerramienta:
    """The tokens of one tool definition, of its description, and of each of its top-level slots."""
    descripcion = tool.get("description")
    if descripcion is None:
        de_descripcion = 0
    else:
        de_descripcion = contar(descripcion if isinstance(descripcion, str) else compacto(descripcion))
    nombre = tool.get("name")
    return HuellaHerramienta(
        nombre=nombre if isinstance(nombre, str) else compacto(nombre),
        total=contar(compacto(dict(tool))),
        descripcion=de_descripcion,
        ranuras=tuple((clave, contar(f"{compacto(clave)}:{compacto(valor)}")) for clave, valor in tool.items()),
    )


def huella(herramientas: Sequence[Mapping[str, Any]], contar: Contar) -> Huella:
    """The footprint of a `tools/list`: each tool's, and the listing's compact and indented totals."""
    listado = {"tools": [dict(t) for t in herramientas]}
    return Huella(
        herramientas=tuple(huella_de_herramienta(t, contar) for t in herramientas),
        total=contar(compacto(listado)),
        total_indentado=contar(indentado(listado)),
    )


@dataclass(frozen=True)
class JuicioDePresupuesto:
    """The listing's total against `presupuesto_tokens`, as the core judges a shrink-only bound
    (`nucleo.cotas`), with oracle-lint's English presentation of what to do."""

    estado: str  # nucleo.cotas: SIN_COTA, EXCEDIDA, HOLGURA or EXACTA
    total: int
    presupuesto: int | None
    mensaje: str

    @property
    def falla(self) -> bool:
        """Whether the budget must change or the listing must shrink (over the budget, or slack)."""
        return self.estado in cotas.FALLAN


def juzgar_presupuesto(total: int, presupuesto: int | None) -> JuicioDePresupuesto:
    """The core's verdict on the budget (over fails, below is slack and fails too, equal passes) in English."""
    estado = cotas.estado_de_cota(total, presupuesto)
    mensajes = {
        cotas.SIN_COTA: f"no budget: set presupuesto_tokens = {total} in [tool.oracle] so the footprint can only shrink",
        cotas.EXCEDIDA: f"the footprint is over its budget: the listing costs {total} tokens, over the budget "
                        f"{presupuesto}; shrink the tools' descriptions or schemas, or raise presupuesto_tokens knowingly",
        cotas.HOLGURA: f"the footprint has slack: the listing costs {total} tokens, below the budget {presupuesto}; "
                       f"lower presupuesto_tokens to {total}",
        cotas.EXACTA: f"the listing costs {total} tokens, exactly its budget",
    }
    return JuicioDePresupuesto(estado, total, presupuesto, mensajes[estado])


ESTADOS_EN = {cotas.SIN_COTA: "none", cotas.EXCEDIDA: "over", cotas.HOLGURA: "slack", cotas.EXACTA: "equal"}
TOKENIZADOR = "o200k_base"


def definiciones_estaticas(evidencia: Mapping[str, Sequence[Mapping[str, Any]]]) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """The tool definitions the source analysis can vouch for — `name` and the published `inputSchema`/
    `outputSchema` (the `esquema` relation's `contenido`, sorted keys) — one per tool name, sorted by
    name; and the (tool, side) whose schema exists but was not derived. Descriptions are not extracted."""
    en_orden = sorted(evidencia.get("herramienta", []),
                      key=lambda f: (f["herramienta"], str(f.get("archivo") or ""), f.get("linea") or 0))
    esquemas: dict[tuple[str, str], Any] = {}
    for fila in sorted(evidencia.get("esquema", []), key=lambda f: (str(f.get("archivo") or ""), f.get("linea") or 0)):
        esquemas.setdefault((fila["herramienta"], fila["lado"]), json.loads(fila["contenido"]))
    definiciones: list[dict[str, Any]] = []
    sin_derivar: list[tuple[str, str]] = []
    vistas: set[str] = set()
    for fila in en_orden:
        nombre = fila["herramienta"]
        if nombre in vistas:
            continue
        vistas.add(nombre)
        definicion: dict[str, Any] = {"name": nombre}
        for lado, clave, columna in (("entrada", "inputSchema", "esquema_entrada"), ("salida", "outputSchema", "esquema_salida")):
            if (nombre, lado) in esquemas:
                definicion[clave] = esquemas[(nombre, lado)]
            elif fila.get(columna) not in (None, "ninguno"):
                sin_derivar.append((nombre, clave))
        definiciones.append(definicion)
    return definiciones, sin_derivar


def _linea(h: HuellaHerramienta, con_descripcion: bool) -> str:
    ranuras = ", ".join(f"{clave} {n}" for clave, n in h.ranuras)
    return f"  {h.nombre}: {h.total} ({f'description {h.descripcion}; ' if con_descripcion else ''}{ranuras})"


def _totales(h: Huella) -> str:
    return (f'listing {{"tools": [...]}}: {h.total} tokens as compact JSON, {h.total_indentado} indented (indent=2): '
            f"indentation costs {h.indentacion} more.")


def texto_vivo(h: Huella, servidor: str, juicio: JuicioDePresupuesto) -> str:
    """`probe --tokens` in text: per tool its total, description and slots; the totals; the budget's verdict."""
    lineas = [f"tools/list footprint of `{servidor}` ({len(h.herramientas)} tools; {TOKENIZADOR} tokens of each "
              "tool's compact JSON, its description's text, and each top-level slot `\"key\":value`):",
              *(_linea(x, True) for x in h.herramientas), _totales(h)]
    lineas.append(f"{servidor}: {juicio.mensaje}." if juicio.falla else f"{juicio.mensaje}.")
    return "\n".join(lineas) + "\n"


def json_vivo(h: Huella, servidor: str, protocolo: str, juicio: JuicioDePresupuesto, version: int) -> str:
    """`probe --tokens --format json`: the footprint, the budget, and the budget's finding (if any)."""
    return json.dumps({"version": version, "server": servidor, "protocol": protocolo, "tokenizer": TOKENIZADOR,
                       **h.a_dict(),
                       "budget": {"tokens": juicio.presupuesto, "state": ESTADOS_EN[juicio.estado], "message": juicio.mensaje},
                       "findings": [{"server": servidor, "message": juicio.mensaje}] if juicio.falla else []},
                      ensure_ascii=False, indent=2) + "\n"


NO_INCLUIDO = ("Not included: descriptions, titles and annotations (the analyzer does not extract them), so the "
               "live listing costs more; `oracle-lint probe --tokens -- <server command>` measures it.")


def _presupuesto_estatico(presupuesto: int | None) -> str:
    if presupuesto is None:
        return ("No budget is set (presupuesto_tokens in [tool.oracle]); when set, `oracle-lint probe --tokens` "
                "judges it on the live listing.")
    return (f"The budget (presupuesto_tokens = {presupuesto}) is judged by `oracle-lint probe --tokens` on the live "
            "listing, not by this static figure.")


def texto_estatico(h: Huella, sin_derivar: Sequence[tuple[str, str]], presupuesto: int | None) -> str:
    """`footprint` in text: per tool its total and slots, the totals, what is left out, and where the budget is judged."""
    lineas = [f"Static tools/list footprint of the {len(h.herramientas)} tools found in the source ({TOKENIZADOR} "
              "tokens of each tool's compact JSON: its name and the input/output schemas the analyzer derives, "
              "keys sorted):",
              *(_linea(x, False) for x in h.herramientas), _totales(h), NO_INCLUIDO]
    if sin_derivar:
        lineas.append("Not derived, so not counted: " + ", ".join(f"the {c} of «{n}»" for n, c in sin_derivar) + ".")
    lineas.append(_presupuesto_estatico(presupuesto))
    return "\n".join(lineas) + "\n"


def json_estatico(h: Huella, sin_derivar: Sequence[tuple[str, str]], presupuesto: int | None, version: int) -> str:
    """`footprint --format json`: the static footprint, what it leaves out, and the budget (judged by the probe)."""
    datos = h.a_dict()
    for herramienta in datos["tools"]:
        del herramienta["description"]  # not extracted: a 0 here would read as a measured empty description
    return json.dumps({"version": version, "static": True, "tokenizer": TOKENIZADOR, **datos,
                       "counted": ["name", "inputSchema", "outputSchema"],
                       "not_counted": ["description", "title", "annotations"],
                       "not_derived": [{"tool": n, "slot": c} for n, c in sin_derivar],
                       "budget": presupuesto, "budget_judged_by": "oracle-lint probe --tokens",
                       "note": NO_INCLUIDO}, ensure_ascii=False, indent=2) + "\n"
