#include "core/api/object_ref.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/api/objects.h"

namespace podsim {

TEST_CASE("ObjectRef: the three spellings, with and without a namespace") {
  struct Row {
    const char* name;
    ObjectRef ref;
    std::string key, described, unique;
  };
  const std::vector<Row> rows = {
      {"namespaced",
       {"Pod", "default", "web"},
       "default/web",
       "Pod default/web",
       "Pod/default/web"},
      {"a workload",
       {"ReplicaSet", "shop", "web-6c5bd9f47"},
       "shop/web-6c5bd9f47",
       "ReplicaSet shop/web-6c5bd9f47",
       "ReplicaSet/shop/web-6c5bd9f47"},
      {"cluster-scoped", {"Node", "", "n1"}, "n1", "Node n1", "Node/n1"},
      {"without a name",
       {"KubeSchedulerConfiguration", "", ""},
       "",
       "KubeSchedulerConfiguration ",
       "KubeSchedulerConfiguration/"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    CHECK(row.ref.Key() == row.key);
    CHECK(row.ref.Describe() == row.described);
    CHECK(row.ref.UniqueKey() == row.unique);
  }
}

TEST_CASE("ObjectRef: unique keys tell kinds apart where keys do not") {
  const ObjectRef rs{"ReplicaSet", "default", "web"};
  const ObjectRef job{"Job", "default", "web"};
  CHECK(rs.Key() == job.Key());
  CHECK(rs.UniqueKey() != job.UniqueKey());
  CHECK(rs != job);
  CHECK(rs == ObjectRef{"ReplicaSet", "default", "web"});
}

TEST_CASE("ObjectRef: each object names itself by its kind") {
  Pod pod;
  pod.name = "web";
  CHECK(pod.ref() == ObjectRef{"Pod", "default", "web"});
  Node node;
  node.name = "n1";
  CHECK(node.ref() == ObjectRef{"Node", "", "n1"});
  PriorityClass pc;
  pc.name = "high";
  CHECK(pc.ref() == ObjectRef{"PriorityClass", "", "high"});
  PodDisruptionBudget pdb;
  pdb.ns = "shop";
  pdb.name = "budget";
  CHECK(pdb.ref() == ObjectRef{"PodDisruptionBudget", "shop", "budget"});
  Controller c;
  c.kind = "Deployment";
  c.ns = "shop";
  c.name = "web";
  CHECK(c.ref() == ObjectRef{"Deployment", "shop", "web"});
  PersistentVolumeClaim claim;
  claim.name = "data";
  CHECK(claim.ref() == ObjectRef{"PersistentVolumeClaim", "default", "data"});
  NamespaceObject ns;
  ns.name = "shop";
  CHECK(ns.ref() == ObjectRef{"Namespace", "", "shop"});
}

}  // namespace podsim
