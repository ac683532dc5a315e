// Go's sort.Slice and container/heap, ported step for step. Where upstream
// orders elements that compare equal (victims of the same priority and
// start, nodes of the same score), its answer is whatever these algorithms
// leave, so podsim makes the same comparisons and swaps in the same order.
#pragma once

#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace podsim {
namespace go_order_internal {

// The index-based view sort.Slice gives pdqsort (lessSwap).
template <class T, class LessFn>
struct LessSwap {
  std::vector<T>& data;
  LessFn& less;
  bool Less(int i, int j) const { return less(data[i], data[j]); }
  void Swap(int i, int j) const { std::swap(data[i], data[j]); }
};

enum class SortedHint { kUnknown, kIncreasing, kDecreasing };

template <class D>
void InsertionSort(const D& d, int a, int b) {
  for (int i = a + 1; i < b; ++i) {
    for (int j = i; j > a && d.Less(j, j - 1); --j) d.Swap(j, j - 1);
  }
}

template <class D>
void SiftDown(const D& d, int lo, int hi, int first) {
  int root = lo;
  for (;;) {
    int child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && d.Less(first + child, first + child + 1)) ++child;
    if (!d.Less(first + root, first + child)) return;
    d.Swap(first + root, first + child);
    root = child;
  }
}

template <class D>
void HeapSort(const D& d, int a, int b) {
  const int first = a, lo = 0, hi = b - a;
  for (int i = (hi - 1) / 2; i >= 0; --i) SiftDown(d, i, hi, first);
  for (int i = hi - 1; i >= 0; --i) {
    d.Swap(first, first + i);
    SiftDown(d, lo, i, first);
  }
}

template <class D>
void Order2(const D& d, int& a, int& b, int& swaps) {
  if (d.Less(b, a)) {
    ++swaps;
    std::swap(a, b);
  }
}

template <class D>
int Median(const D& d, int a, int b, int c, int& swaps) {
  Order2(d, a, b, swaps);
  Order2(d, b, c, swaps);
  Order2(d, a, b, swaps);
  return b;
}

template <class D>
std::pair<int, SortedHint> ChoosePivot(const D& d, int a, int b) {
  constexpr int kShortestNinther = 50;
  constexpr int kMaxSwaps = 4 * 3;
  const int l = b - a;
  int swaps = 0;
  int i = a + l / 4 * 1, j = a + l / 4 * 2, k = a + l / 4 * 3;
  if (l >= 8) {
    if (l >= kShortestNinther) {
      // Tukey's ninther: the median of each neighbourhood first.
      i = Median(d, i - 1, i, i + 1, swaps);
      j = Median(d, j - 1, j, j + 1, swaps);
      k = Median(d, k - 1, k, k + 1, swaps);
    }
    j = Median(d, i, j, k, swaps);
  }
  if (swaps == 0) return {j, SortedHint::kIncreasing};
  if (swaps == kMaxSwaps) return {j, SortedHint::kDecreasing};
  return {j, SortedHint::kUnknown};
}

template <class D>
void ReverseRange(const D& d, int a, int b) {
  for (int i = a, j = b - 1; i < j; ++i, --j) d.Swap(i, j);
}

// Returns whether data[a:b] ends up sorted.
template <class D>
bool PartialInsertionSort(const D& d, int a, int b) {
  constexpr int kMaxSteps = 5, kShortestShifting = 50;
  int i = a + 1;
  for (int step = 0; step < kMaxSteps; ++step) {
    while (i < b && !d.Less(i, i - 1)) ++i;
    if (i == b) return true;
    if (b - a < kShortestShifting) return false;
    d.Swap(i, i - 1);
    if (i - a >= 2) {  // the smaller one to the left
      for (int j = i - 1; j >= 1 && d.Less(j, j - 1); --j) d.Swap(j, j - 1);
    }
    if (b - i >= 2) {  // the greater one to the right
      for (int j = i + 1; j < b && d.Less(j, j - 1); ++j) d.Swap(j, j - 1);
    }
  }
  return false;
}

template <class D>
void BreakPatterns(const D& d, int a, int b) {
  const int length = b - a;
  if (length < 8) return;
  uint64_t random = static_cast<uint64_t>(length);  // xorshift
  const uint64_t modulus = uint64_t{1}
                           << std::bit_width(static_cast<uint64_t>(length));
  for (int idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1;
       ++idx) {
    random ^= random << 13;
    random ^= random >> 7;
    random ^= random << 17;
    int other = static_cast<int>(random & (modulus - 1));
    if (other >= length) other -= length;
    d.Swap(idx, a + other);
  }
}

// Returns the pivot's place: data[a:p] < pivot <= data[p+1:b].
template <class D>
std::pair<int, bool> Partition(const D& d, int a, int b, int pivot) {
  d.Swap(a, pivot);
  int i = a + 1, j = b - 1;
  while (i <= j && d.Less(i, a)) ++i;
  while (i <= j && !d.Less(j, a)) --j;
  if (i > j) {
    d.Swap(j, a);
    return {j, true};
  }
  d.Swap(i, j);
  ++i;
  --j;
  for (;;) {
    while (i <= j && d.Less(i, a)) ++i;
    while (i <= j && !d.Less(j, a)) --j;
    if (i > j) break;
    d.Swap(i, j);
    ++i;
    --j;
  }
  d.Swap(j, a);
  return {j, false};
}

// Returns where the elements greater than data[pivot] start.
template <class D>
int PartitionEqual(const D& d, int a, int b, int pivot) {
  d.Swap(a, pivot);
  int i = a + 1, j = b - 1;
  for (;;) {
    while (i <= j && !d.Less(a, i)) ++i;
    while (i <= j && d.Less(a, j)) --j;
    if (i > j) break;
    d.Swap(i, j);
    ++i;
    --j;
  }
  return i;
}

// Mirrors pdqsort_func (sort/zsortfunc.go).
template <class D>
void Pdqsort(const D& d, int a, int b, int limit) {
  constexpr int kMaxInsertion = 12;
  bool was_balanced = true, was_partitioned = true;
  for (;;) {
    const int length = b - a;
    if (length <= kMaxInsertion) {
      InsertionSort(d, a, b);
      return;
    }
    if (limit == 0) {  // too many bad pivots
      HeapSort(d, a, b);
      return;
    }
    if (!was_balanced) {
      BreakPatterns(d, a, b);
      --limit;
    }
    auto [pivot, hint] = ChoosePivot(d, a, b);
    if (hint == SortedHint::kDecreasing) {
      ReverseRange(d, a, b);
      pivot = (b - 1) - (pivot - a);
      hint = SortedHint::kIncreasing;
    }
    if (was_balanced && was_partitioned && hint == SortedHint::kIncreasing &&
        PartialInsertionSort(d, a, b)) {
      return;
    }
    if (a > 0 && !d.Less(a - 1, pivot)) {  // many equal to the pivot
      a = PartitionEqual(d, a, b, pivot);
      continue;
    }
    const auto [mid, already_partitioned] = Partition(d, a, b, pivot);
    was_partitioned = already_partitioned;
    const int left = mid - a, right = b - mid, threshold = length / 8;
    if (left < right) {
      was_balanced = left >= threshold;
      Pdqsort(d, a, mid, limit);
      a = mid + 1;
    } else {
      was_balanced = right >= threshold;
      Pdqsort(d, mid + 1, b, limit);
      b = mid;
    }
  }
}

}  // namespace go_order_internal

// Sorts data as Go's sort.Slice(data, less) does (pdqsort, Go 1.19 on): not
// stable, and with up to 12 elements an insertion sort, which keeps equal
// elements in their order. less need not be a strict weak order: what
// upstream's comparator answers, this one must answer too.
template <class T, class LessFn>
void GoSortSlice(std::vector<T>& data, LessFn less) {
  const int n = static_cast<int>(data.size());
  const go_order_internal::LessSwap<T, LessFn> d{data, less};
  go_order_internal::Pdqsort(
      d, 0, n, static_cast<int>(std::bit_width(static_cast<unsigned>(n))));
}

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
