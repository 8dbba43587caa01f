"""TVMScript's printer as a library: the Doc classes (`doc`) and the function that
formats a Doc tree as Python text (`doc_printer.to_python_script`)."""
