#include "tests/builders.h"
