"""`tvm.contrib`: interfaces to external libraries, as far as they describe IR
(an extern operator calling the library's packed function); nothing here runs a
library."""
