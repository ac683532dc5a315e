// The pod logs kubectl cluster-info dump writes between its documents are
// blanked as they stream by, however the input is cut, and nothing else is.
#include "core/ingest/pod_logs.h"

#include <doctest/doctest.h>

#include <string>

namespace podsim {
namespace {

// Returns text as PodLogs passes it on, fed in chunks of chunk bytes.
std::string Blanked(const std::string& text, size_t chunk) {
  PodLogs logs;
  std::string out;
  auto read = [&](std::string_view piece) { out.append(piece); };
  for (size_t i = 0; i < text.size(); i += chunk) {
    logs.Feed(std::string_view(text).substr(i, chunk), read);
  }
  logs.Finish(read);
  return out;
}

}  // namespace

TEST_CASE("PodLogs: a log block between documents becomes white space") {
  const std::string text =
      "{\"kind\": \"PodList\"}\n"
      "==== START logs for container app of pod default/web-1 ====\n"
      "GET / 200\n"
      "{\"kind\": \"Pod\"} in a log line\n"
      "==== END logs for container app of pod default/web-1 ====\n"
      "{\"kind\": \"EventList\"}\n";
  const std::string expected =
      "{\"kind\": \"PodList\"}\n" + std::string(59, ' ') + "\n" +
      std::string(9, ' ') + "\n" + std::string(29, ' ') + "\n" +
      std::string(57, ' ') + "\n" + "{\"kind\": \"EventList\"}\n";
  for (size_t chunk : {1, 2, 3, 7, 29, 64, 4096}) {
    CAPTURE(chunk);
    CHECK(Blanked(text, chunk) == expected);
  }
}

TEST_CASE("PodLogs: logs without a final newline end at the marker") {
  // printContainer writes the END marker right after the logs.
  const std::string text =
      "==== START logs for container app of pod default/web-2 ====\n"
      "last line==== END logs for container app of pod default/web-2 ====\n"
      "{}\n";
  for (size_t chunk : {1, 5, 4096}) {
    CAPTURE(chunk);
    CHECK(Blanked(text, chunk) ==
          std::string(59, ' ') + "\n" + std::string(66, ' ') + "\n{}\n");
  }
}

TEST_CASE("PodLogs: other text is passed on as it is") {
  const char* rows[] = {
      "",
      "apiVersion: v1\nkind: Pod\n",
      // Not at a line's start: a value, not a marker.
      "{\"note\": \"==== START logs for container a of pod b/c ====\"}\n",
      "x==== START logs for container a of pod b/c ====\n",
      // The start of a marker at the end of the input.
      "{}\n==== START logs for cont",
      "==== END logs for container a of pod b/c ====\n",
  };
  for (const char* row : rows) {
    CAPTURE(row);
    for (size_t chunk : {1, 3, 4096}) {
      CAPTURE(chunk);
      CHECK(Blanked(row, chunk) == row);
    }
  }
}

TEST_CASE("PodLogs: logs the input ends in are blanked to its end") {
  CHECK(Blanked("==== START logs for container a of pod b/c ====\nxy", 4) ==
        std::string(47, ' ') + "\n  ");
}

}  // namespace podsim
