// metadata.generateName: an object with a generateName and no name is named
// as the API server names it on create (a prefix and five random
// characters), with the random part derived from the object instead.
#include <optional>
#include <string>

#include "core/api/generated_names.h"
#include "core/api/object_ref.h"
#include "core/ingest/decode/decoder.h"

namespace podsim {
namespace {

// Names already taken are skipped, as the API server retries a create
// whose generated name exists (RetryGenerateName); past this many tries
// the prefix is too crowded to name one more object.
constexpr int kMaxAttempts = 100;

// Mirrors maskTrailingDash: a prefix may end with '-', as the name it
// starts does not.
std::string MaskTrailingDash(std::string prefix) {
  if (prefix.size() > 1 && prefix.back() == '-') {
    prefix.resize(prefix.size() - 2);
    prefix += 'a';
  }
  return prefix;
}

}  // namespace

using decode::IsDnsSubdomain;
using decode::Quoted;

std::optional<std::string> Decoder::GenerateName(const Json& meta,
                                                 const std::string& ns,
                                                 Reader& r) {
  const FieldPath path("metadata.generateName");
  std::optional<std::string> prefix = r.String(meta, "generateName", path);
  if (!prefix) return std::nullopt;
  // Mirrors ValidateObjectMetaAccessor: generateName validates as the start
  // of a name (NameIsDNSSubdomain with prefix set).
  if (prefix->empty()) {
    r.Error(FieldPath("metadata.name"),
            "is required; every object needs a name (or a generateName the "
            "API server makes one from)");
    return std::nullopt;
  }
  if (!IsDnsSubdomain(MaskTrailingDash(*prefix))) {
    r.Error(path, "invalid generateName " + Quoted(*prefix) +
                      "; expected the start of a lowercase RFC 1123 subdomain "
                      "(a-z, 0-9, '-' and '.', starting with a letter or "
                      "digit; it may end with '-')");
    return std::nullopt;
  }
  const std::string kind = r.object();
  // The n-th object of a kind and namespace with this generateName is
  // named alike whatever else the input holds; a change laid over a
  // cluster draws other names than the cluster's own objects.
  const std::string key = kind + "/" + ns + "/" + *prefix;
  const int ordinal = generated_[key]++;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    // SimpleNameGenerator.GenerateName: the prefix cut to 58 characters.
    std::string name =
        podsim::GenerateName(*prefix, key + "#" + std::to_string(ordinal) +
                                          "#" + std::to_string(attempt) +
                                          (over_cluster_ ? "#change" : ""));
    if (!IsDnsSubdomain(name)) {
      // Mirrors ValidateObjectMetaAccessor: the name is validated too.
      r.Error(path, "generateName " + Quoted(*prefix) + " gives the name " +
                        Quoted(name) +
                        ", which is not a lowercase RFC 1123 subdomain");
      return std::nullopt;
    }
    ObjectRef ref{.kind = kind, .ns = ns, .name = name};
    if (seen_.count(ref.UniqueKey())) continue;
    r.SetObject(ref.Describe());
    r.Info(path, "named " + Quoted(name) +
                     " as the API server names an object created with a "
                     "generateName; its 5 random characters are derived "
                     "here from the object's kind, namespace, generateName "
                     "and order, so the same input gives the same names");
    return name;
  }
  r.Error(path, "generateName " + Quoted(*prefix) + " gave " +
                    std::to_string(kMaxAttempts) +
                    " names already taken; give the object a name");
  return std::nullopt;
}

}  // namespace podsim
