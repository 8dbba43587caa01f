# Standard streams are UTF-8 text whatever the locale, as CPython's on Linux.
import sys
print(sys.stdout.encoding, sys.stdout.errors, sys.stdin.encoding, sys.stderr.errors)
print("héllo ✓ π")
