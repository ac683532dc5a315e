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

}  // namespace

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
