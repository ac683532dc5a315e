// An object's identity, kind, namespace and name, and the three ways podsim
// spells it: "ns/name" (a key), "Kind ns/name" (for people) and
// "Kind/ns/name" (unique across kinds).
#pragma once

#include <string>

namespace podsim {

// Names one object of a scenario. A cluster-scoped object (a Node, a
// PriorityClass) has no namespace, and its spellings leave it out.
struct ObjectRef {
  std::string kind;
  std::string ns;  // "" for a cluster-scoped object
  std::string name;

  // Returns "ns/name", as kubectl and a pod's key spell it; the name alone
  // when cluster-scoped.
  std::string Key() const;
  // Returns "Kind ns/name" ("Kind name" when cluster-scoped), as messages
  // and the result document name an object.
  std::string Describe() const;
  // Returns "Kind/ns/name" ("Kind/name" when cluster-scoped): distinct for
  // distinct objects of any kinds, for sets and maps of them.
  std::string UniqueKey() const;

  bool operator==(const ObjectRef&) const = default;
};

}  // namespace podsim
