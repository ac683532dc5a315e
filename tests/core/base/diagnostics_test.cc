// One root cause, one problem: diagnostics that follow from the same typo
// share a cause, and what follows from an object's error points at it.
#include "core/base/diagnostics.h"

#include <string>
#include <vector>

#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

// The diagnostics whose message contains text.
std::vector<const Diagnostic*> Matching(const SimulationResult& r,
                                        const std::string& text) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : r.diagnostics.items()) {
    if (d.message.find(text) != std::string::npos) out.push_back(&d);
  }
  return out;
}

}  // namespace

TEST_CASE("Diagnostics: pods naming the same missing class share one cause") {
  SimulationResult r =
      Run("apiVersion: v1\nkind: Node\nmetadata: {name: n}\n"
          "status: {allocatable: {cpu: '2'}}\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\n"
          "spec: {priorityClassName: batch, containers: [{name: c}]}\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\n"
          "spec: {priorityClassName: batch, containers: [{name: c}]}\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: c}\n"
          "spec: {priorityClassName: other, containers: [{name: c}]}\n");
  auto batch = Matching(r, "no PriorityClass with name batch");
  auto other = Matching(r, "no PriorityClass with name other");
  REQUIRE(batch.size() == 2);
  REQUIRE(other.size() == 1);
  CHECK(batch[0]->cause == "missing:PriorityClass batch");
  CHECK(batch[1]->cause == batch[0]->cause);
  CHECK(other[0]->cause != batch[0]->cause);
  CHECK(batch[0]->related_line == 0);
}

TEST_CASE(
    "Diagnostics: a class with an error is the cause of the pods that name "
    "it, and they say where its error is") {
  SimulationResult r =
      Run("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\n"
          "metadata: {name: batch}\nvalue: 1e99\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\n"
          "spec: {priorityClassName: batch, containers: [{name: c}]}\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\n"
          "spec: {priorityClassName: batch, containers: [{name: c}]}\n");
  auto root = Matching(r, "must be a whole number");
  auto pods = Matching(r, "no PriorityClass with name batch");
  REQUIRE(root.size() == 1);
  REQUIRE(pods.size() == 2);
  CHECK(root[0]->cause == "object:PriorityClass batch");
  CHECK(root[0]->line == 4);
  for (const Diagnostic* d : pods) {
    CHECK(d->cause == root[0]->cause);
    CHECK(d->related_line == 4);
    CHECK(d->message.find("; PriorityClass batch at line 4 was not read: "
                          "see the problem there") != std::string::npos);
  }
}

TEST_CASE(
    "Diagnostics: only an object's first error is what others follow; its "
    "other errors stay problems of their own") {
  SimulationResult r =
      Run("apiVersion: v1\nkind: Pod\nmetadata: {name: a}\n"
          "spec:\n  containers:\n  - name: c\n"
          "    resources: {requests: {cpu: 1x, memory: 2y}}\n");
  auto errors = Matching(r, "invalid quantity");
  REQUIRE(errors.size() == 2);
  CHECK(errors[0]->cause == "object:Pod default/a");
  CHECK(errors[1]->cause.empty());
}

TEST_CASE(
    "Diagnostics: a kind one edit from Node is likely meant as Node, and the "
    "pods bound to it follow from that warning") {
  SimulationResult r =
      Run("apiVersion: v1\nkind: Nod\nmetadata: {name: node-n}\n"
          "status: {allocatable: {cpu: '2'}}\n---\n"
          "apiVersion: v1\nkind: Nod\nmetadata: {name: m}\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\n"
          "spec: {nodeName: node-n, containers: [{name: c}]}\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\n"
          "spec: {nodeName: elsewhere, containers: [{name: c}]}\n");
  auto kinds = Matching(r, "kind \"Nod\" is ignored; did you mean Node?");
  REQUIRE(kinds.size() == 2);
  CHECK(kinds[0]->cause == "kind:Nod");
  CHECK(kinds[1]->cause == "kind:Nod");
  auto bound = Matching(r, "bound to node \"node-n\"");
  REQUIRE(bound.size() == 1);
  CHECK(bound[0]->cause == "kind:Nod");
  CHECK(bound[0]->related_line == 2);
  auto elsewhere = Matching(r, "bound to node \"elsewhere\"");
  REQUIRE(elsewhere.size() == 1);
  CHECK(elsewhere[0]->cause == "missing:Node elsewhere");
}

TEST_CASE("Diagnostics: a real kind is never taken for a typo of another") {
  // Job is one edit from Pod; it is read as a workload, never a typo.
  SimulationResult r =
      Run("apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\n---\n"
          "apiVersion: v1\nkind: pod\nmetadata: {name: p}\n");
  CHECK(Matching(r, "kind \"Job\"").empty());
  CHECK(Matching(r, "did you mean Pod?").size() == 1);
  CHECK(Matching(r, "kind \"pod\" is ignored; did you mean Pod?").size() == 1);
}

TEST_CASE(
    "Diagnostics: the same unknown field in several objects is one "
    "cause") {
  SimulationResult r =
      Run("apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatu: {}\n---\n"
          "apiVersion: v1\nkind: Node\nmetadata: {name: b}\nstatu: {}\n");
  auto fields = Matching(r, "unknown field");
  REQUIRE(fields.size() == 2);
  CHECK(fields[0]->cause == "field:Node:statu");
  CHECK(fields[1]->cause == fields[0]->cause);
}

TEST_CASE(
    "Diagnostics: an apiVersion Kubernetes does not serve is a "
    "warning that names the one it does") {
  SimulationResult r =
      Run("apiVersion: scheduling.k8s.io/v2\nkind: PriorityClass\n"
          "metadata: {name: high}\nvalue: 10\n---\n"
          "kind: PodDisruptionBudget\napiVersion: policy/v1beta1\n"
          "metadata: {name: p}\nspec: {minAvailable: 1}\n");
  auto versions = Matching(r, "does not serve");
  REQUIRE(versions.size() == 2);
  CHECK(versions[0]->severity == Severity::kWarning);
  CHECK(versions[0]->line == 1);
  CHECK(versions[0]->message.find("expected scheduling.k8s.io/v1") !=
        std::string::npos);
  CHECK(versions[1]->line == 7);
  CHECK(versions[1]->message.find("expected policy/v1;") != std::string::npos);
  // The class is still read.
  CHECK(r.scenario.priority_classes.size() >= 1);
}

TEST_CASE("Diagnostics: an unclosed YAML value names the line it starts at") {
  SimulationResult r =
      Run("apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n"
          "  containers: [{name: c, resources: {requests: {cpu: 1}}\n"
          "---\napiVersion: v1\nkind: Node\nmetadata: {name: n}\n");
  auto yaml = Matching(r, "YAML:");
  REQUIRE(yaml.size() == 1);
  CHECK(yaml[0]->line == 6);
  CHECK(yaml[0]->related_line == 5);
  CHECK(yaml[0]->message.find("started at line 5") != std::string::npos);
}

}  // namespace podsim
