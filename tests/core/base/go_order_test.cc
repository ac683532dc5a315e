#include "core/base/go_order.h"

#include <cstdint>
#include <vector>

#include "tests/builders.h"

namespace podsim {
namespace {

// An element with a key to order by, a flag, and where it started.
struct Element {
  int id = 0;
  int key = 0;
  bool flag = false;
};

// n elements with keys in [0, keys), from a 64-bit LCG; the Go program that
// printed the expected orders below draws the same ones.
std::vector<Element> Elements(int n, int keys, uint64_t seed) {
  uint64_t x = seed;
  auto next = [&](int m) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((x >> 33) % static_cast<uint64_t>(m));
  };
  std::vector<Element> out(n);
  for (int i = 0; i < n; ++i) {
    out[i].id = i;
    out[i].key = next(keys);
    out[i].flag = next(2) == 1;
  }
  return out;
}

std::vector<int> Ids(const std::vector<Element>& elements) {
  std::vector<int> ids;
  for (const Element& e : elements) ids.push_back(e.id);
  return ids;
}

bool HigherKey(const Element& a, const Element& b) { return a.key > b.key; }

// Not a strict weak order: two flagged elements of one key are each "less"
// than the other, as two pods without a start time are each "more
// important" than the other in MoreImportantPod.
bool HigherKeyOrBothFlagged(const Element& a, const Element& b) {
  return a.key > b.key || (a.key == b.key && a.flag && b.flag);
}

}  // namespace

TEST_CASE("GoSortSlice: leaves the elements where Go's sort.Slice does") {
  // sort.Slice(s, less) on the same elements, Go 1.26 (pdqsort since 1.19).
  struct Row {
    const char* name;
    int n, keys;
    uint64_t seed;
    bool flagged;
    std::vector<int> want;
  };
  const Row rows[] = {
      {"12: an insertion sort, stable",
       12,
       3,
       1,
       false,
       {0, 3, 7, 11, 8, 9, 10, 1, 2, 4, 5, 6}},
      {"12, flagged pairs swap",
       12,
       3,
       1,
       true,
       {0, 3, 7, 11, 10, 9, 8, 1, 2, 4, 5, 6}},
      {"20: partitioned", 20, 4, 3, false, {0,  1,  16, 3,  13, 5, 11,
                                            8,  9,  7,  10, 12, 4, 14,
                                            15, 17, 18, 6,  2,  19}},
      {"20, flagged", 20, 4, 3, true, {0,  1, 13, 3,  16, 5,  11, 8,  9, 7,
                                       10, 4, 12, 14, 15, 17, 18, 19, 2, 6}},
      {"50: Tukey's ninther",
       50,
       5,
       4,
       false,
       {15, 16, 47, 43, 4,  41, 20, 27, 8,  31, 1,  36, 10, 9,  28, 24, 32,
        37, 18, 19, 38, 25, 12, 49, 48, 46, 44, 34, 14, 29, 30, 3,  26, 33,
        23, 35, 0,  7,  6,  39, 40, 13, 42, 22, 5,  45, 11, 2,  21, 17}},
      {"50, flagged", 50, 5, 4, true, {41, 8,  31, 1,  43, 36, 27, 20, 47, 16,
                                       15, 4,  32, 37, 10, 9,  18, 19, 38, 28,
                                       24, 29, 30, 49, 34, 25, 44, 48, 46, 12,
                                       14, 39, 26, 0,  42, 6,  40, 13, 3,  35,
                                       33, 7,  23, 17, 22, 2,  21, 45, 5,  11}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    std::vector<Element> e = Elements(row.n, row.keys, row.seed);
    if (row.flagged) {
      GoSortSlice(e, HigherKeyOrBothFlagged);
    } else {
      GoSortSlice(e, HigherKey);
    }
    CHECK(Ids(e) == row.want);
  }
}

TEST_CASE("GoHeapInit: leaves the elements where Go's heap.Init does") {
  // heap.Init(h) with Less(i, j) = h[i].key > h[j].key, Go 1.26.
  std::vector<Element> e = Elements(12, 3, 1);
  GoHeapInit(e, HigherKey);
  CHECK(Ids(e) == std::vector<int>{0, 3, 11, 7, 9, 2, 6, 1, 8, 4, 10, 5});
  e = Elements(20, 4, 3);
  GoHeapInit(e, HigherKey);
  CHECK(Ids(e) == std::vector<int>{0,  1, 5,  3, 9,  11, 13, 16, 8,  4,
                                   10, 2, 12, 6, 14, 15, 7,  17, 18, 19});
}

TEST_CASE("GoHeapInit: the top among equals is not always the first") {
  // Keys 1 1 5 5: sifting index 1 brings the later five (index 3) up
  // beside the earlier one; the root then takes its left child, equal to
  // its right: the later five ends on top.
  std::vector<Element> e = {{0, 1}, {1, 1}, {2, 5}, {3, 5}};
  GoHeapInit(e, HigherKey);
  CHECK(e[0].id == 3);
}

}  // namespace podsim
