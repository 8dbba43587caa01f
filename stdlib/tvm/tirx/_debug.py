"""Development helpers: a generic dump of IR (type keys, fields, numbered variables)."""
import _tvmscript

dump = _tvmscript.namespace("tirx._impl").dump
