// Small string helpers the whole engine shares.
#pragma once

#include <cstddef>
#include <string_view>

namespace podsim {

// Optimal string alignment distance (Damerau-Levenshtein with adjacent
// swaps), case-insensitive, so "priortyClassName" is one edit from
// "priorityClassName" and "Nodename" none from "nodeName".
size_t EditDistance(std::string_view a, std::string_view b);

}  // namespace podsim
