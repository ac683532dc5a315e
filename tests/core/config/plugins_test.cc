#include "core/config/plugins.h"

#include "core/ingest/decode.h"
#include "tests/builders.h"

namespace podsim {
using namespace testing;

namespace {

// The plugins a KubeSchedulerConfiguration's profile leaves, with the
// diagnostics decoding it gave ("<path>: <message>").
struct Resolved {
  ProfilePlugins plugins;
  std::vector<std::string> notes;
};

Resolved ResolveJson(Json plugins) {
  DecodeResult r = Decode(ScenarioWith(SchedulerPluginsWith(plugins)));
  Resolved out{r.scenario.config.plugins, {}};
  for (const Diagnostic& d : r.diagnostics.items()) {
    out.notes.push_back(
        std::string(d.severity == Severity::kError ? "error " : "warning ") +
        d.path + ": " + d.message);
  }
  return out;
}

std::vector<std::string> Names(const std::vector<Plugin>& plugins) {
  std::vector<std::string> out;
  for (Plugin p : plugins) out.emplace_back(NameOf(p));
  return out;
}

}  // namespace

TEST_CASE("Plugins: the default profile runs upstream's plugins in order") {
  ProfilePlugins plugins;
  CHECK(plugins.is_default());
  CHECK(Names(plugins.Order(ExtensionPoint::kFilter)) ==
        std::vector<std::string>{"NodeUnschedulable", "NodeName",
                                 "TaintToleration", "NodeAffinity", "NodePorts",
                                 "NodeResourcesFit", "VolumeRestrictions",
                                 "PodTopologySpread", "InterPodAffinity"});
  CHECK(Names(plugins.Order(ExtensionPoint::kPreFilter)) ==
        std::vector<std::string>{"NodeAffinity", "NodePorts",
                                 "NodeResourcesFit", "VolumeRestrictions",
                                 "VolumeBinding", "PodTopologySpread",
                                 "InterPodAffinity"});
  CHECK(Names(plugins.Order(ExtensionPoint::kPostFilter)) ==
        std::vector<std::string>{"DynamicResources", "DefaultPreemption"});
  CHECK(plugins.preempts());
  CHECK(plugins.Weight(Plugin::kTaintToleration) == 3);
  CHECK(plugins.Weight(Plugin::kNodeAffinity) == 2);
  CHECK(plugins.Weight(Plugin::kNodeResourcesFit) == 1);
  CHECK(plugins.Weight(Plugin::kNodeResourcesBalancedAllocation) == 1);
  CHECK(plugins.Weight(Plugin::kPodTopologySpread) == 2);
  CHECK(plugins.Weight(Plugin::kInterPodAffinity) == 2);
  CHECK(Names(plugins.Order(ExtensionPoint::kScore)) ==
        std::vector<std::string>{"TaintToleration", "NodeAffinity",
                                 "NodeResourcesFit", "PodTopologySpread",
                                 "InterPodAffinity",
                                 "NodeResourcesBalancedAllocation"});
}

TEST_CASE("Plugins: disabling DefaultPreemption at postFilter or multiPoint") {
  for (const char* point : {"postFilter", "multiPoint"}) {
    CAPTURE(point);
    Resolved r = ResolveJson(
        {{point, {{"disabled", {{{"name", "DefaultPreemption"}}}}}}});
    CHECK(r.notes.empty());
    CHECK_FALSE(r.plugins.preempts());
    CHECK(r.plugins.has_post_filter());  // DynamicResources still runs
    CHECK_FALSE(r.plugins.is_default());
  }
  Resolved all =
      ResolveJson({{"postFilter", {{"disabled", {{{"name", "*"}}}}}}});
  CHECK_FALSE(all.plugins.has_post_filter());
}

TEST_CASE("Plugins: a filter disabled at filter still runs its PreFilter") {
  Resolved r =
      ResolveJson({{"filter", {{"disabled", {{{"name", "NodeAffinity"}}}}}}});
  CHECK(r.notes.empty());
  CHECK_FALSE(r.plugins.Runs(ExtensionPoint::kFilter, Plugin::kNodeAffinity));
  CHECK(r.plugins.Runs(ExtensionPoint::kPreFilter, Plugin::kNodeAffinity));
  CHECK(r.plugins.Runs(ExtensionPoint::kScore, Plugin::kNodeAffinity));
}

TEST_CASE("Plugins: a default plugin enabled at one point runs first there") {
  // TestReadWriteOncePodPreemption's profile (expandMultiPointPlugins puts
  // the overrides first).
  Resolved r = ResolveJson(
      {{"filter", {{"enabled", {{{"name", "VolumeRestrictions"}}}}}},
       {"preFilter", {{"enabled", {{{"name", "VolumeRestrictions"}}}}}}});
  CHECK(r.notes.empty());
  CHECK(Names(r.plugins.Order(ExtensionPoint::kFilter)).front() ==
        "VolumeRestrictions");
  CHECK(Names(r.plugins.Order(ExtensionPoint::kPreFilter)).front() ==
        "VolumeRestrictions");
  CHECK(r.plugins.Order(ExtensionPoint::kFilter).size() == 9);
}

TEST_CASE("Plugins: disabled * at a point drops the multiPoint plugins there") {
  Resolved r = ResolveJson(
      {{"filter",
        {{"disabled", {{{"name", "*"}}}},
         {"enabled",
          {{{"name", "NodeResourcesFit"}}, {{"name", "TaintToleration"}}}}}}});
  CHECK(r.notes.empty());
  CHECK(Names(r.plugins.Order(ExtensionPoint::kFilter)) ==
        std::vector<std::string>{"NodeResourcesFit", "TaintToleration"});
}

TEST_CASE("Plugins: score weights come from score, then multiPoint") {
  Resolved r = ResolveJson(
      {{"multiPoint",
        {{"enabled",
          {{{"name", "TaintToleration"}, {"weight", 7}},
           {{"name", "NodeResourcesFit"}, {"weight", 5}}}}}},
       {"score",
        {{"enabled", {{{"name", "NodeResourcesFit"}, {"weight", 0}}}},
         {"disabled", {{{"name", "NodeAffinity"}}}}}}});
  CHECK(r.notes.empty());
  CHECK(r.plugins.Weight(Plugin::kTaintToleration) == 7);
  // The score entry's weight wins, and 0 counts as 1 (getScoreWeights).
  CHECK(r.plugins.Weight(Plugin::kNodeResourcesFit) == 1);
  CHECK(r.plugins.Weight(Plugin::kNodeAffinity) == 0);
}

TEST_CASE("Plugins: what podsim does not model is a warning saying so") {
  struct Row {
    const char* name;
    Json plugins;
    std::string note;
  };
  const std::vector<Row> rows = {
      {"a misspelled plugin",
       {{"postFilter", {{"disabled", {{{"name", "DefaultPremption"}}}}}}},
       "warning profiles[0].plugins.postFilter.disabled[0].name: plugin "
       "\"DefaultPremption\" is not one of kube-scheduler's in-tree plugins "
       "(did you mean DefaultPreemption?); disabling it changes nothing"},
      {"an out-of-tree plugin",
       {{"multiPoint", {{"enabled", {{{"name", "Coscheduling"}}}}}}},
       "warning profiles[0].plugins.multiPoint.enabled[0].name: plugin "
       "\"Coscheduling\" is not one of kube-scheduler's in-tree plugins; an "
       "out-of-tree plugin runs only in a scheduler built with it, and podsim "
       "leaves it out"},
      {"an extension point podsim does not run",
       {{"reserve", {{"disabled", {{{"name", "VolumeBinding"}}}}}}},
       "warning profiles[0].plugins.reserve: podsim does not run reserve "
       "plugins, so this setting changes nothing in its result; a pod is bound "
       "as soon as a node is chosen, as if every reserve, permit and bind-time "
       "plugin allowed it"},
      {"a weight podsim does not use",
       {{"score", {{"enabled", {{{"name", "ImageLocality"}, {"weight", 5}}}}}}},
       "warning profiles[0].plugins.score.enabled[0].weight: podsim does not "
       "score with ImageLocality (its scores are out of scope), so its weight "
       "changes nothing in podsim's result"},
      {"a weight outside score",
       {{"filter", {{"enabled", {{{"name", "NodePorts"}, {"weight", 5}}}}}}},
       "warning profiles[0].plugins.filter.enabled[0].weight: kube-scheduler "
       "reads weights only under score and multiPoint; this one is ignored"},
      {"a filter without its PreFilter",
       {{"preFilter", {{"disabled", {{{"name", "NodePorts"}}}}}}},
       "warning profiles[0].plugins: NodePorts runs at filter but not at "
       "preFilter: kube-scheduler's NodePorts Filter then fails every pod "
       "with an error (its PreFilter state is missing); podsim filters as if "
       "NodePorts's PreFilter had run"},
      {"a plugin at a point it does not extend",
       {{"filter", {{"enabled", {{{"name", "DefaultPreemption"}}}}}}},
       "error profiles[0].plugins.filter.enabled[0].name: kube-scheduler "
       "refuses this profile: plugin \"DefaultPreemption\" does not extend "
       "FilterPlugin plugin; podsim leaves it out here"},
      {"no queue sort plugin",
       {{"multiPoint", {{"disabled", {{{"name", "PrioritySort"}}}}}}},
       "error profiles[0].plugins: kube-scheduler refuses this profile: only "
       "one queue sort plugin required for profile with scheduler name "
       "\"default-scheduler\", but got 0; podsim orders the queue as "
       "PrioritySort does"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.name);
    Resolved r = ResolveJson(row.plugins);
    REQUIRE(r.notes.size() >= 1);
    CHECK(r.notes[0] == row.note);
  }
}

TEST_CASE("Plugins: only the default-scheduler profile's plugins are read") {
  Json config = SchedulerPluginsWith(
      {{"postFilter", {{"disabled", {{{"name", "DefaultPreemption"}}}}}}});
  config["profiles"][0]["schedulerName"] = "batch";
  DecodeResult r = Decode(ScenarioWith(config));
  CHECK(r.scenario.config.plugins.preempts());
  REQUIRE(r.diagnostics.items().size() == 1);
  CHECK(r.diagnostics.items()[0].message ==
        "profile \"batch\" is ignored; podsim models the default-scheduler "
        "profile");
}

}  // namespace podsim
