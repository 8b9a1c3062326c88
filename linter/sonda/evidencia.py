"""The relations of a live `tools/list`: the same schema facts the static analyzer extracts
(`herramienta`, `esquema`, `esquema_nodo`, `esquema_propiedad`, `esquema_hijo`, `esquema_valor`,
`clave_declarada`), from the published value itself.

`raiz_publicada` is the live listing's own: per tool with an output schema, whether its root is
strict, declares properties, or is the SDK's wrapper of a non-object return. Relations that only the
source can give (emitted roots and keys, spreads, `complete`, servers built) are absent, not empty: the core then does not apply the rules that need them, and the
probe reports those rules as not judged instead of green.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from oracle_lint.linter.extraccion import nodos
from oracle_lint.linter.extraccion import valores_de_pistas as pistas
from oracle_lint.linter.extraccion.salida import Salida
from oracle_lint.linter.extraccion.tipos import Esquema, Pos

RELACIONES_VIVAS = ("herramienta", "esquema", "esquema_nodo", "esquema_propiedad", "esquema_hijo", "esquema_valor",
                    "clave_declarada", "no_resuelto", "raiz_publicada")
# only the source has them (`publicada` is the source reconciled with a live listing: `check --probe`)
RELACIONES_DEL_CODIGO = ("raiz", "clave_emitida", "valor_emitido", "spread", "complete", "servidor", "archivo", "publicada")
CAMPOS = (("entrada", "inputSchema"), ("salida", "outputSchema"))


def evidencia_viva(herramientas: Sequence[Mapping[str, Any]], origen: str) -> dict[str, list[dict[str, Any]]]:
    """Rows for every tool of a live listing. A live tool has no file: its rows carry no place (the
    findings land on the project's configuration file) and the output names the server, `origen`."""
    salida = Salida()
    salida.filas["raiz_publicada"] = []  # the live listing's own relation
    donde = Pos(origen, 1, 1)
    vistos: set[str] = set()
    for tool in herramientas:
        nombre = tool.get("name")
        if not isinstance(nombre, str) or not nombre:
            salida.no_resuelto(None, f"the server lists a tool without a name: {json.dumps(tool, sort_keys=True)[:80]}", donde)
            continue
        if nombre in vistos:
            salida.no_resuelto(nombre, f"the server lists tool `{nombre}` more than once", donde)
            continue
        vistos.add(nombre)
        esquemas = {lado: Esquema(tool[campo], donde, "vivo") for lado, campo in CAMPOS if tool.get(campo) is not None}
        sugeridas = pistas.de_listado(tool.get("annotations"))
        if "no_resuelto" in sugeridas.values():
            salida.no_resuelto(nombre, f"the server lists tool `{nombre}` with annotations whose readOnlyHint or destructiveHint "
                                       f"is not a boolean: {json.dumps(tool.get('annotations'), sort_keys=True)[:80]}", donde)
        salida.fila("herramienta", herramienta=nombre, registro="vivo",
                    esquema_salida="vivo" if "salida" in esquemas else "ninguno",
                    esquema_entrada="vivo" if "entrada" in esquemas else "ninguno", claves_emitidas=None,
                    **sugeridas, **donde.fila())
        for relacion, fila in nodos.filas_de_esquemas(nombre, esquemas, lambda e: "vivo", nodos.validez):
            salida.fila(relacion, **fila)
        if "salida" in esquemas:
            raiz = esquemas["salida"]
            salida.fila("raiz_publicada", herramienta=nombre, estricta=nodos.raiz_estricta(raiz),
                        declara_propiedades=nodos.declara_propiedades(raiz), envoltura=envoltura_sdk(raiz.valor), **donde.fila())
    filas = salida.ordenadas()
    # a live tool has no place in a file: the finding lands on the project's configuration file
    return {r: [{**f, "archivo": None, "linea": None, "columna": None} if f.get("archivo") == origen else f for f in filas[r]]
            for r in RELACIONES_VIVAS}


def envoltura_sdk(esquema: Any) -> bool:
    """Whether a published output root is the SDK's wrapper of a non-object return: the single key
    `result`, marked by fastmcp (`x-fastmcp-wrap-result`) or titled `<function>Output` by the mcp SDK."""
    if not isinstance(esquema, dict) or not isinstance(esquema.get("properties"), dict) or list(esquema["properties"]) != ["result"]:
        return False
    return esquema.get("x-fastmcp-wrap-result") is True or str(esquema.get("title", "")).endswith("Output")


def resultados_vivos(herramientas: Sequence[Mapping[str, Any]], resultados: Sequence[tuple[Any, Any]],
                     archivo: str) -> dict[str, list[dict[str, Any]]]:
    """The `resultado` and `clave_resultado` rows of the sample calls, and `no_resuelto` rows for the
    calls that could not be judged (a tool the server does not list, a protocol error)."""
    from .llamadas import claves, fila

    donde = Pos(archivo, 1, 1)
    por_nombre = {t.get("name"): t for t in herramientas}
    filas, escritas, sin_juzgar = [], [], []
    for llamada, resultado in resultados:
        que = f"call {llamada.etiqueta} of tool `{llamada.herramienta}`"
        if llamada.herramienta not in por_nombre:
            sin_juzgar.append({"herramienta": llamada.herramienta, "motivo": f"{que}: the server does not list that tool",
                               **donde.fila()})
        elif isinstance(resultado, str):
            sin_juzgar.append({"herramienta": llamada.herramienta, "motivo": f"{que}: {resultado}", **donde.fila()})
        else:
            filas.append(fila(llamada, por_nombre[llamada.herramienta], resultado, donde.fila()))
            escritas.extend(claves(llamada, por_nombre[llamada.herramienta], resultado, donde.fila()))
    return {"resultado": filas, "clave_resultado": escritas, "no_resuelto": sin_juzgar}
