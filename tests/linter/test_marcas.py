"""Every `# expect:` marker of every fixture style is exactly what the relations imply."""

import pathlib

import pytest

from oracle_lint.linter.extraccion import extraer

from .marcas import FIXTURES, marcas, violaciones

ESTILOS = ["tabla", "decorador", "lowlevel", "fastmcp", "roto"]


def evidencia(estilo: str) -> dict:
    directorio = FIXTURES / estilo
    return extraer(sorted(directorio.glob("*.py")), directorio)


@pytest.mark.parametrize("estilo", ESTILOS)
def test_markers_match_relations(estilo: str) -> None:
    esperado = marcas(FIXTURES / estilo)
    obtenido = violaciones(evidencia(estilo))
    assert sorted(obtenido - esperado) == [], "rows the fixture does not mark"
    assert sorted(esperado - obtenido) == [], "markers no row explains"


@pytest.mark.parametrize("estilo", ESTILOS)
def test_every_style_has_both_polarities(estilo: str) -> None:
    """Each style marks some lines and leaves analysed emission sites unmarked."""
    ev = evidencia(estilo)
    marcadas = {(a, l) for a, l, _ in marcas(FIXTURES / estilo)}
    assert marcadas
    if estilo != "roto":
        limpias = [f for f in ev["raiz"] if (f["archivo"], f["linea"]) not in marcadas]
        assert limpias, "no clean emission site in this style"
