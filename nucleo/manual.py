"""Reference text for `oracle manual <tema>`: the one source the docs are generated from."""

from __future__ import annotations

from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.escalares import BUILTINS
from oracle_lint.nucleo.lenguaje import __doc__ as _GRAMATICA

_L = LimitesAlgebra()

OPERADORES = f"""\
# The `testigos` pipeline language

A measure's `testigos` is a pipeline over the relations of the evidence. Each stage takes the
rows of the previous one. Macros (named sub-expressions from `[[macro]]` tables) are expanded
before anything else; the result is the canonical form (`oracle medida expandir`).

| stage | meaning |
|---|---|
| `R` | a relation of the evidence, a macro, or a parenthesized pipeline |
| `donde COND` | keep rows where COND holds |
| `proyectar a, b` | keep columns (set semantics: duplicates collapse) |
| `unir S en k1, k2` | equi-join on same-named columns; on a shared non-key column the left value wins |
| `excepto S en k` | anti-join: rows with no partner in S |
| `agrupar por k [contar como n]` | one row per group (never more rows than its input) |
| `primero por k segun o1, o2` | of each group equal on `k`, the one row least on `o1, o2` (the first place of a fact repeated at several) |
| `mas S` | union: the rows of S added (set semantics) |
| `distinto` | drop duplicate rows |

Conditions: `= != < <= > >=`, `c en [lit, ...]`, `existe c`, `y`, `o`, `no`, parentheses;
literals `verdadero falso nulo`, numbers and "strings"; scalar calls `f(a, b)`.

Semantics:
- a missing column reads as `nulo`; `existe c` holds when `c` is present and not `nulo`;
- equality is by value and type (`1 = 1.0`; `verdadero` is not `1`); `nulo = nulo` holds;
  keys of `unir`/`excepto`/`agrupar`/`primero` compare with the same equality;
- `primero` orders values booleans, numbers, strings, then `nulo`; a tie goes to the row whose
  canonical JSON is least, so the row kept never depends on the input's order;
- `< <= > >=` hold only between two numbers or two strings, otherwise they are false;
- `#` starts a comment that runs to the end of the line.

Value and threshold: `valor = "cuenta"` (number of witnesses, the default), `"suma CAMPO"`,
`"maximo CAMPO"`, `"minimo CAMPO"` (0 over no witnesses, with a warning); `umbral =
{{ operador = "==", valor = 0 }}` with `== != < <= > >=`. The state is `verde` when `valor
<operador> umbral.valor` holds, `rojo` when it does not, and `sin_evidencia` when a relation
listed in `requiere` is absent from the evidence (an empty list is present evidence). A
consumed relation not listed in `requiere` and absent is read as empty, with a warning.

Witnesses are every row the pipeline yields, in canonical order (sorted by their canonical
JSON). Presentation shows five and counts the rest as `testigos_omitidos`.

Budgets (`LimitesAlgebra`), enforced by the algebra; a breach is `LIMITE_DE_ALGEBRA`:
- `filas_por_relacion` = {_L.filas_por_relacion}: rows read from one relation;
- `filas_de_union` = {_L.filas_de_union}: rows one `unir` may produce;
- `profundidad_de_expresion` = {_L.profundidad_de_expresion}: nesting of the canonical form;
- `expansiones_de_macros` = {_L.expansiones_de_macros}: macro expansions for one measure.

Core scalars (always available): {", ".join(sorted(BUILTINS))}. A project's own scalars live
in `escalares.py` at its root and run only when the process started with
`--confiar-escalares`; otherwise a measure that calls one fails with `ESCALARES_NO_AUTORIZADAS`.

Grammar:
{_GRAMATICA.split("Grammar (also in `oracle manual operadores`):", 1)[1].rstrip()}
"""

TEMAS: dict[str, str] = {"operadores": OPERADORES}
