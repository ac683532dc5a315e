// Go's container/heap, ported step for step. Where upstream orders elements
// that compare equal (nodes of the same score), its answer is whatever the
// algorithm leaves, so podsim makes the same comparisons and swaps in the
// same order.
#pragma once

#include <utility>
#include <vector>

namespace podsim {
// Orders data into a heap as Go's container/heap.Init does, less saying
// which element belongs nearer the top; data[0] is then what heap.Pop
// returns first.
template <class T, class LessFn>
void GoHeapInit(std::vector<T>& data, LessFn less) {
  const int n = static_cast<int>(data.size());
  // heap.down from every parent, the last first.
  for (int i0 = n / 2 - 1; i0 >= 0; --i0) {
    int i = i0;
    for (;;) {
      const int j1 = 2 * i + 1;
      if (j1 >= n) break;
      int j = j1;
      if (j1 + 1 < n && less(data[j1 + 1], data[j1])) j = j1 + 1;
      if (!less(data[j], data[i])) break;
      std::swap(data[i], data[j]);
      i = j;
    }
  }
}

}  // namespace podsim
