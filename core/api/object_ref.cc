#include "core/api/object_ref.h"

namespace podsim {

std::string ObjectRef::Key() const {
  return ns.empty() ? name : ns + "/" + name;
}

std::string ObjectRef::Describe() const { return kind + " " + Key(); }

std::string ObjectRef::UniqueKey() const { return kind + "/" + Key(); }

}  // namespace podsim
