// The result documents of every gallery example and every conformance case,
// byte for byte as the last accepted build wrote them (tests/results/). A
// change that is meant to leave behaviour alone (a restructure, a speed-up)
// must leave them all alike; a change that is meant to alter a decision
// shows exactly what it alters, in the diff of tests/results/. After such a
// change, write them anew and review that diff:
//   PODSIM_UPDATE_RESULTS=1 build/tests/core_tests -tc='Result documents*'
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/analysis/compare.h"
#include "core/analysis/reduce.h"
#include "core/analysis/variant_diff.h"
#include "core/config/profile.h"
#include "core/output/result_json.h"
#include "core/scheduler/simulator.h"
#include "tests/builders.h"

namespace podsim {
namespace {

namespace fs = std::filesystem;
using testing::Json;

const fs::path kRoot = PODSIM_SOURCE_DIR;
const fs::path kResults = kRoot / "tests/results";

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// One document: its file under tests/results/ and how to make it.
struct Document {
  std::string file;
  std::string text;
};

// Every gallery example: its run, and its comparison, variant diff and
// reduction when the gallery shows one.
std::vector<Document> GalleryDocuments() {
  const fs::path dir = kRoot / "web/examples";
  Json gallery = Json::parse(ReadFile(dir / "gallery.json"));
  std::vector<Document> out;
  for (const Json& e : gallery) {
    const std::string id = e["id"];
    const std::string text = ReadFile(dir / e["file"].get<std::string>());
    REQUIRE_MESSAGE(!text.empty(), id);
    out.push_back({"gallery-" + id + ".json", ToJson(Simulate(text))});
    if (e.value("compare", false) || e.contains("differs")) {
      std::span<const Profile* const> all = AllProfiles();
      out.push_back({"gallery-" + id + ".compare.json",
                     ToJson(Compare(text, *all.front(), *all.back()))});
    }
    if (e.contains("variantB")) {
      const std::string b = ReadFile(dir / e["variantB"].get<std::string>());
      out.push_back(
          {"gallery-" + id + ".diff.json", ToJson(DiffVariants(text, b))});
    }
    if (e.contains("reduce")) {
      const std::string pod = e["reduce"]["pod"];
      out.push_back(
          {"gallery-" + id + ".reduce.json", ToJson(Reduce(text, pod))});
    }
  }
  return out;
}

// Every conformance case of tests/conformance/, under its profile.
std::vector<Document> ConformanceDocuments() {
  std::vector<fs::path> cases;
  for (const fs::directory_entry& e :
       fs::directory_iterator(kRoot / "tests/conformance")) {
    if (fs::exists(e.path() / "expected.json")) cases.push_back(e.path());
  }
  std::sort(cases.begin(), cases.end());
  std::vector<Document> out;
  for (const fs::path& dir : cases) {
    Json expected = Json::parse(ReadFile(dir / "expected.json"));
    SimulateOptions options;
    options.profile = expected.value("profile", "");
    out.push_back({"conformance-" + dir.filename().string() + ".json",
                   ToJson(Simulate(ReadFile(dir / "scenario.yaml"), options))});
  }
  return out;
}

// Where two texts first differ, with a little of each around it.
std::string FirstDifference(const std::string& want, const std::string& got) {
  size_t i = 0;
  while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
  const size_t from = i < 60 ? 0 : i - 60;
  return "first difference at byte " + std::to_string(i) + "\n  was: ..." +
         want.substr(from, 160) + "\n  now: ..." + got.substr(from, 160);
}

void CheckDocuments(const std::vector<Document>& documents) {
  const bool update = std::getenv("PODSIM_UPDATE_RESULTS") != nullptr;
  for (const Document& d : documents) {
    CAPTURE(d.file);
    const fs::path path = kResults / d.file;
    if (update) {
      fs::create_directories(kResults);
      std::ofstream(path, std::ios::binary) << d.text << "\n";
      continue;
    }
    REQUIRE_MESSAGE(
        fs::exists(path),
        "no " << path.string() << "; write it with PODSIM_UPDATE_RESULTS=1");
    const std::string want = ReadFile(path);
    const std::string got = d.text + "\n";
    CHECK_MESSAGE(want == got,
                  d.file << " changed: " << FirstDifference(want, got));
  }
}

TEST_CASE("Result documents: every gallery example's, unchanged") {
  std::vector<Document> documents = GalleryDocuments();
  CHECK(documents.size() >= 28);
  CheckDocuments(documents);
}

TEST_CASE("Result documents: every conformance case's, unchanged") {
  std::vector<Document> documents = ConformanceDocuments();
  CHECK(documents.size() >= 60);
  CheckDocuments(documents);
}

TEST_CASE("Result documents: no file is left that no example or case writes") {
  std::vector<Document> documents = GalleryDocuments();
  for (Document& d : ConformanceDocuments()) documents.push_back(std::move(d));
  for (const fs::directory_entry& e : fs::directory_iterator(kResults)) {
    const std::string name = e.path().filename().string();
    CAPTURE(name);
    CHECK(std::any_of(documents.begin(), documents.end(),
                      [&](const Document& d) { return d.file == name; }));
  }
}

}  // namespace
}  // namespace podsim
