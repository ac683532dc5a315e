// The generated schema: kinds, fields, what their values hold, suggestions.
#include "core/api/api_fields.h"

#include <doctest/doctest.h>

namespace podsim {

TEST_CASE("ApiFields: each kind podsim reads has its fields") {
  CHECK(ApiFields::Version() == "1.36");
  for (const char* kind :
       {"Pod", "Node", "PriorityClass", "PodDisruptionBudget", "Namespace",
        "Deployment", "ReplicaSet", "StatefulSet", "ReplicationController",
        "DaemonSet", "Job", "PersistentVolumeClaim", "List",
        "KubeSchedulerConfiguration"}) {
    CAPTURE(kind);
    int type = ApiFields::KindType(kind);
    REQUIRE(type >= 0);
    CHECK(ApiFields::Find(type, "apiVersion") != nullptr);
    CHECK(ApiFields::Find(type, "kind") != nullptr);
  }
  CHECK(ApiFields::KindType("CronJob") == -1);
  CHECK(ApiFields::KindType("pod") == -1);
}

TEST_CASE(
    "ApiFields: a field's value is a type, a plain value, a map or "
    "anything") {
  int pod = ApiFields::KindType("Pod");
  const ApiField* spec = ApiFields::Find(pod, "spec");
  REQUIRE(spec != nullptr);
  REQUIRE(spec->child >= 0);
  CHECK(ApiFields::Find(spec->child, "priorityClassName")->child ==
        ApiFields::kValue);
  CHECK(ApiFields::Find(spec->child, "priortyClassName") == nullptr);
  CHECK(ApiFields::Find(spec->child, "nodeSelector")->child == ApiFields::kMap);
  const ApiField* containers = ApiFields::Find(spec->child, "containers");
  REQUIRE(containers->child >= 0);  // a list: its elements' type
  CHECK(ApiFields::Find(containers->child, "resources") != nullptr);

  int meta = ApiFields::Find(pod, "metadata")->child;
  CHECK(ApiFields::Find(meta, "labels")->child == ApiFields::kMap);
  int managed = ApiFields::Find(meta, "managedFields")->child;
  CHECK(ApiFields::Find(managed, "fieldsV1")->child == ApiFields::kAny);
}

TEST_CASE("ApiFields: fields are numbered across types") {
  int pod = ApiFields::KindType("Pod");
  const ApiField* kind = ApiFields::Find(pod, "kind");
  const ApiField* metadata = ApiFields::Find(pod, "metadata");
  CHECK(ApiFields::IndexOf(metadata) == ApiFields::IndexOf(kind) + 1);
  CHECK(ApiFields::IndexOf(metadata) < ApiFields::FieldCount());
  CHECK(ApiFields::TypeCount() > 100);
}

TEST_CASE("ApiFields: suggests the closest field among the siblings") {
  int spec = ApiFields::Find(ApiFields::KindType("Pod"), "spec")->child;
  struct Row {
    const char* name;
    const char* suggestion;
  };
  for (const Row& row :
       {Row{"priortyClassName", "priorityClassName"},
        Row{"PriorityClassName", "priorityClassName"},
        Row{"nodename", "nodeName"}, Row{"tolerations", "tolerations"},
        Row{"tolerashuns", "tolerations"}, Row{"priorty", "priority"},
        Row{"contianers", "containers"}, Row{"gpu", ""}, Row{"x", ""}}) {
    CAPTURE(row.name);
    CHECK(ApiFields::Suggest(spec, row.name) == row.suggestion);
  }
}

TEST_CASE("ApiFields: a field one level too shallow gets the path to it") {
  int spec = ApiFields::Find(ApiFields::KindType("Pod"), "spec")->child;
  int container = ApiFields::Find(spec, "containers")->child;
  CHECK(ApiFields::Suggest(container, "requests") == "resources.requests");
  CHECK(ApiFields::Suggest(container, "limits") == "resources.limits");
  // A close name among the siblings comes first.
  CHECK(ApiFields::Suggest(container, "resorces") == "resources");
}

}  // namespace podsim
