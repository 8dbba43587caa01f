"""IR core: structural comparison and IR base classes."""
import _tvmscript

Object = _tvmscript.Object
