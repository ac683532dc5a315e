// Reads scenario text as it arrives, in chunks of any size: YAML (one or
// many documents) or JSON (what `kubectl get -o json` prints, or several
// values one after another), a kubectl List, a typed list (NodeList) or
// single objects; the pod logs `kubectl cluster-info dump` writes between
// its documents are skipped. Objects are decoded one at a time, so a cluster
// dump is never held whole; what the engine does not read is never built.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/ingest/decode.h"
#include "core/ingest/pod_logs.h"

namespace podsim {

class Decoder;
struct RecordedObject;
class JsonReader;
class ObjectBuilder;
class YamlReader;

class Loader {
 public:
  // resources, when given, are the resource names already interned by the
  // cluster this input is laid over, so the objects read here share their
  // ids (and an input with no objects is no problem: see Decoder).
  explicit Loader(const ResourceTable* resources = nullptr);
  ~Loader();
  Loader(const Loader&) = delete;
  Loader& operator=(const Loader&) = delete;

  // The namespace of objects that name none ("default"; kubectl apply -n).
  // REQUIRES: called before the first Feed.
  void SetDefaultNamespace(std::string ns);

  // Keeps a copy of each object read, as the decoder built it, in objects.
  // REQUIRES: called before the first Feed; objects outlives Finish.
  void Record(std::vector<RecordedObject>* objects);

  // Starts the next source of the input, one file of several (a cluster
  // dump kept as nodes.json, pods.json, ...): the source before is read to
  // its end, this one's format is told afresh, its lines count from 1 and
  // its byte offsets from 0, and diagnostics about its objects name it.
  // An input fed without it is one unnamed source. found: the file was
  // found in a folder rather than named; one that holds no Kubernetes
  // object at all is then one warning, not a problem per value.
  void StartSource(std::string name, bool found = false);
  // Reads the next chunk. Chunks may split a line, a token or a UTF-8
  // character anywhere.
  void Feed(std::string_view bytes);
  // Reads what is left and returns the scenario with every diagnostic.
  // REQUIRES: called once, last.
  DecodeResult Finish();

  // Progress: bytes fed and objects decoded so far.
  uint64_t bytes() const { return bytes_; }
  int objects() const;

 private:
  enum class Format { kUnknown, kJsonTentative, kJson, kYaml, kStopped };
  void Route(std::string_view bytes);
  void StartYaml();
  void JsonFailed(bool at_end);
  // Reads the current source to its end.
  void EndSource();

  std::unique_ptr<Decoder> decoder_;
  std::unique_ptr<ObjectBuilder> builder_;
  std::unique_ptr<JsonReader> json_;
  std::unique_ptr<YamlReader> yaml_;
  Format format_ = Format::kUnknown;
  int first_document_ = 0;  // of the current source
  int objects_before_ = 0;  // decoded from the sources before it
  bool named_ = false;      // StartSource was called
  PodLogs pod_logs_;
  std::string replay_;  // input kept while the format is not settled
  uint64_t bytes_ = 0;
};

}  // namespace podsim
