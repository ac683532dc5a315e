#include "core/ingest/loader.h"

#include <algorithm>

#include "core/ingest/decode/decoder.h"
#include "core/ingest/json_reader.h"
#include "core/ingest/object_builder.h"
#include "core/ingest/yaml_reader.h"

namespace podsim {
namespace {

// JSON that fails this early, before any value is complete and before the
// input ends, is read again as YAML: a flow mapping ({kind: Pod}) starts
// like JSON, while JSON cut short is reported as JSON.
constexpr uint64_t kJsonTrial = 64u << 10;

}  // namespace

Loader::Loader(const ResourceTable* resources)
    : decoder_(std::make_unique<Decoder>(resources)),
      builder_(std::make_unique<ObjectBuilder>(*decoder_)) {}

Loader::~Loader() = default;

int Loader::objects() const { return objects_before_ + builder_->objects(); }

void Loader::StartSource(std::string name, bool found) {
  if (named_ || bytes_ > 0) EndSource();
  named_ = true;
  decoder_->StartSource(std::move(name), first_document_, found);
}

void Loader::EndSource() {
  pod_logs_.Finish([this](std::string_view piece) { Route(piece); });
  if (json_ && !json_->Finish()) JsonFailed(/*at_end=*/true);
  if (yaml_) yaml_->Finish();
  if (named_) decoder_->EndSource();
  json_.reset();
  yaml_.reset();
  std::string().swap(replay_);
  format_ = Format::kUnknown;
  pod_logs_ = PodLogs();
  first_document_ = builder_->next_document();
  objects_before_ += builder_->objects();
  builder_ = std::make_unique<ObjectBuilder>(*decoder_, /*json=*/false,
                                             first_document_);
}

void Loader::SetDefaultNamespace(std::string ns) {
  decoder_->SetDefaultNamespace(std::move(ns));
}

void Loader::Record(std::vector<RecordedObject>* objects) {
  decoder_->Record(objects);
}

void Loader::Feed(std::string_view bytes) {
  bytes_ += bytes.size();
  pod_logs_.Feed(bytes, [this](std::string_view piece) { Route(piece); });
}

void Loader::Route(std::string_view bytes) {
  switch (format_) {
    case Format::kUnknown: {
      replay_.append(bytes);
      // The first character that is not white space (or a UTF-8 byte order
      // mark) decides: '{' or '[' is JSON, anything else YAML, as
      // k8s.io/apimachinery's YAMLOrJSONDecoder guesses.
      constexpr std::string_view kBom = "\xEF\xBB\xBF";
      if (replay_.size() < kBom.size() &&
          kBom.substr(0, replay_.size()) == replay_) {
        return;  // maybe a byte order mark, split across chunks
      }
      size_t i = replay_.compare(0, 3, kBom) == 0 ? 3 : 0;
      i = replay_.find_first_not_of(" \t\r\n", i);
      if (i == std::string::npos) return;
      if (replay_[i] != '{' && replay_[i] != '[') return StartYaml();
      format_ = Format::kJsonTentative;
      int first_line = 1 + static_cast<int>(std::count(
                               replay_.begin(), replay_.begin() + i, '\n'));
      // No event has reached the builder yet: one that says JSON replaces it.
      builder_ = std::make_unique<ObjectBuilder>(*decoder_, /*json=*/true,
                                                 first_document_);
      json_ = std::make_unique<JsonReader>(*builder_, first_line, i);
      if (!json_->Feed(std::string_view(replay_).substr(i))) JsonFailed(false);
      return;
    }
    case Format::kJsonTentative:
      replay_.append(bytes);
      if (!json_->Feed(bytes)) return JsonFailed(false);
      if (json_->consumed() > kJsonTrial || builder_->values() > 0) {
        format_ = Format::kJson;
        std::string().swap(replay_);
      }
      return;
    case Format::kJson:
      if (!json_->Feed(bytes)) JsonFailed(false);
      return;
    case Format::kYaml:
      yaml_->Feed(bytes);
      return;
    case Format::kStopped:
      return;
  }
}

void Loader::StartYaml() {
  format_ = Format::kYaml;
  yaml_ = std::make_unique<YamlReader>(*builder_);
  std::string input;
  input.swap(replay_);
  yaml_->Feed(input);
}

void Loader::JsonFailed(bool at_end) {
  if (!at_end && format_ == Format::kJsonTentative && builder_->values() == 0 &&
      json_->consumed() <= kJsonTrial) {
    // Not JSON after all: start over as YAML with a fresh builder (the
    // events of the unfinished value are dropped; none reached the decoder).
    json_.reset();
    builder_ = std::make_unique<ObjectBuilder>(*decoder_, /*json=*/false,
                                               first_document_);
    return StartYaml();
  }
  // JSON has no document markers to resume at: the rest is not read.
  builder_->OnSyntaxError(json_->error_line(), json_->error(), 0);
  json_.reset();
  std::string().swap(replay_);
  format_ = Format::kStopped;
}

DecodeResult Loader::Finish() {
  pod_logs_.Finish([this](std::string_view piece) { Route(piece); });
  if (json_ && !json_->Finish()) JsonFailed(/*at_end=*/true);
  if (yaml_) yaml_->Finish();
  if (named_) decoder_->EndSource();
  return decoder_->Finish();
}

DecodeResult Decode(std::string_view text) {
  Loader loader;
  loader.Feed(text);
  return loader.Finish();
}

}  // namespace podsim
