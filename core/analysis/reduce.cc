#include "core/analysis/reduce.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/ingest/decode.h"
#include "core/ingest/loader.h"

namespace podsim {
namespace {

// The kinds a reduction removes objects of, in the order the result lists
// them.
enum Kind { kNodes, kPods, kClasses, kPdbs, kControllers, kClaims, kKinds };

// Which objects of the input a candidate scenario keeps, per kind.
struct Subset {
  std::array<std::vector<char>, kKinds> keep;
};

// Per kind and object, what removing it alone changed ("" when not tried).
using Reasons = std::array<std::vector<std::string>, kKinds>;

// What one node showed in the target's attempt: the filter's verdict (when
// Filter ran there) and the preemption dry run's (when it reached it).
struct NodeSeen {
  std::string filter;
  std::string preemption;
  std::string verdict;  // preemption without the victims' names
};

// The target's first attempt, as a reduction compares it.
struct Observed {
  bool attempted = false;
  PodDecision decision;
  std::string message;
  std::map<std::string, NodeSeen> nodes;  // by node name, when detailed
  std::vector<std::string> candidates;    // the dry run's candidate nodes
  // The pods that had a cycle before the target's first (keys).
  std::unordered_set<std::string> before;
  Labels labels;  // the target's, which a workload may have created
  // Without an attempt: whether the run had the pod at all, and the errors
  // that name it ("<field path>: <problem>").
  bool exists = false;
  std::vector<std::string> errors;
  // Without the pod: the pods the run's workloads created (what a name
  // podsim run showed may have been meant to be).
  std::vector<std::string> created;
};

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// The first ten of keys, and how many more.
std::string FirstTen(const std::vector<std::string>& keys) {
  if (keys.size() <= 10) return Join(keys);
  return Join({keys.begin(), keys.begin() + 10}) + " and " +
         std::to_string(keys.size() - 10) + " more";
}

// The message's parts (split at ": ", ", " and ". ") with counts as '#',
// sorted: removing nodes changes the counts ("0/500 nodes are available:
// 300 Insufficient cpu") and so the order FitErrorMessage sorts them in,
// never which reasons there are.
std::vector<std::string> MessageParts(const std::string& message) {
  std::string text;
  for (char c : message) {
    const bool digit = c >= '0' && c <= '9';
    if (!digit) {
      text += c;
    } else if (text.empty() || text.back() != '#') {
      text += '#';
    }
  }
  std::vector<std::string> parts;
  std::string part;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool cut = (text[i] == ':' || text[i] == ',' || text[i] == '.') &&
                     (i + 1 == text.size() || text[i + 1] == ' ');
    if (!cut) {
      part += text[i];
      continue;
    }
    parts.push_back(std::move(part));
    part.clear();
    if (i + 1 < text.size()) ++i;  // the space
  }
  if (!part.empty()) parts.push_back(std::move(part));
  std::sort(parts.begin(), parts.end());
  return parts;
}

std::string StatusText(const Status& s) {
  if (s.ok()) return "fits";
  return std::string(ToString(s.code())) + ": " + s.Message();
}

NodeSeen SeenOf(const SimulationResult& r, const NodeResult& n) {
  NodeSeen seen;
  if (n.filtered) seen.filter = StatusText(n.filter);
  if (n.verdict != Verdict::kNone && n.verdict != Verdict::kNotEvaluated) {
    seen.preemption = std::string(ToString(n.verdict));
    if (!n.preemption.ok() && n.preemption.num_reasons() > 0) {
      seen.preemption += " (" + n.preemption.Message() + ")";
    }
    std::vector<std::string> victims;
    for (const Victim& v : n.victims) {
      victims.push_back(r.scenario.pods[v.pod].key);
    }
    std::sort(victims.begin(), victims.end());
    seen.verdict = seen.preemption;
    if (!victims.empty()) seen.preemption += ", victims " + Join(victims);
  }
  return seen;
}

Observed Observe(const SimulationResult& r, const std::string& pod) {
  Observed o;
  const Attempt* first = nullptr;
  for (const Attempt& a : r.attempts) {
    if (r.scenario.pods[a.pod].key == pod) {
      first = &a;
      break;
    }
    o.before.insert(r.scenario.pods[a.pod].key);
  }
  if (!first) {
    o.exists = std::any_of(r.scenario.pods.begin(), r.scenario.pods.end(),
                           [&](const Pod& p) { return p.key == pod; });
    // The pod may have failed to decode: its errors name it all the same.
    const size_t slash = pod.find('/');
    const std::string object =
        (slash == std::string::npos
             ? ObjectRef{"Pod", "", pod}
             : ObjectRef{"Pod", pod.substr(0, slash), pod.substr(slash + 1)})
            .Describe();
    for (const Diagnostic& d : r.diagnostics.items()) {
      if (d.severity == Severity::kError && d.object == object) {
        o.errors.push_back(d.path + ": " + d.message);
      }
    }
    return o;
  }
  o.attempted = true;
  o.exists = true;
  o.labels = r.scenario.pods[first->pod].labels;
  o.decision.outcome = first->outcome;
  if (first->node >= 0 && first->outcome != Outcome::kUnschedulable) {
    o.decision.node = r.scenario.nodes[first->node].name;
  }
  for (const Victim& v : first->victims) {
    o.decision.victims.push_back(r.scenario.pods[v.pod].key);
  }
  std::sort(o.decision.victims.begin(), o.decision.victims.end());
  o.message = first->message;
  for (const NodeResult& n : first->nodes) {
    o.nodes[r.scenario.nodes[n.node].name] = SeenOf(r, n);
  }
  for (const Candidate& c : first->preemption.candidates) {
    o.candidates.push_back(r.scenario.nodes[c.node].name);
  }
  return o;
}

std::string DecisionText(const PodDecision& d) {
  switch (d.outcome) {
    case Outcome::kScheduled:
      return "scheduled on " + d.node;
    case Outcome::kNominated:
      return "nominated to " + d.node +
             (d.victims.empty() ? "" : ", evicting " + Join(d.victims));
    case Outcome::kUnschedulable:
      break;
  }
  return "unschedulable";
}

// Returns what differs in b from a, the first thing a person would ask
// about, or "" when b gives the same decision.
std::string Difference(const Observed& a, const Observed& b,
                       const std::string& pod) {
  if (!b.attempted) return pod + " gets no scheduling cycle";
  if (a.decision.outcome != b.decision.outcome ||
      a.decision.node != b.decision.node) {
    return pod + " is " + DecisionText(b.decision);
  }
  if (a.decision.victims != b.decision.victims) {
    return "the victims are " +
           (b.decision.victims.empty() ? "none" : Join(b.decision.victims)) +
           " instead of " + Join(a.decision.victims);
  }
  for (const auto& [name, seen] : b.nodes) {
    auto it = a.nodes.find(name);
    if (it == a.nodes.end()) continue;
    const NodeSeen& was = it->second;
    if (!was.filter.empty() && !seen.filter.empty() &&
        was.filter != seen.filter) {
      return name + "'s filter says \"" + seen.filter + "\" instead of \"" +
             was.filter + "\"";
    }
    if (!was.preemption.empty() && !seen.preemption.empty() &&
        was.preemption != seen.preemption) {
      return name + "'s preemption dry run says \"" + seen.preemption +
             "\" instead of \"" + was.preemption + "\"";
    }
  }
  if (MessageParts(a.message) != MessageParts(b.message)) {
    return "the message becomes \"" + b.message + "\"";
  }
  return "";
}

// An object of the input as the result names it.
struct Identity {
  std::string kind, ns, name;
  int line = 0;
  int document = -1;
  SourceRange range;
};

class Reducer {
 public:
  Reducer(DecodeResult decoded, std::string pod, const SimulateOptions& options,
          std::unordered_set<std::string> change)
      : input_(std::move(decoded.scenario)),
        input_diagnostics_(std::move(decoded.diagnostics)),
        pod_(std::move(pod)),
        options_(options),
        change_(std::move(change)) {
    options_.focus_pod = pod_;
    options_.detail_attempt.reset();
    start_given_ = options.start_ms.has_value();
    // The last run (step 8) checks the reduced scenario's own clock start.
    budget_ = kMaxReduceRuns - (start_given_ ? 0 : 1);
    node_at_.reserve(input_.nodes.size());
    for (size_t i = 0; i < input_.nodes.size(); ++i) {
      node_at_.emplace(input_.nodes[i].name, static_cast<int>(i));
    }
  }

  Reduction Run();

 private:
  // Returns why the reduction cannot run before any simulation (an unknown
  // profile, a bound pod), or "".
  std::string Refusal() const;
  // Why a pod no run has is refused: the input's pending pods and the
  // pods its workloads created, which it could be meant to be.
  std::string Unknown() const;
  // 1) Nodes; 2) to 6) pending pods, running pods, PDBs, claims, classes
  // and workloads.
  void ReduceNodes(Subset& s);
  void ReduceOthers(Subset& s);
  // 8) Whether s decides alike only from the input's clock start.
  bool StartNeeded(const Subset& s);
  // Fills out's counts and kept objects, with their reasons.
  void Describe(const Subset& s, const Reasons& reasons, Reduction& out) const;
  // The Namespace objects s needs read on its own, added to out.
  void DescribeNamespaces(const Subset& s, Reduction& out) const;
  // The pod's node among the input's, or -1 (pending, or a node the input
  // lacks).
  int NodeOf(size_t pod) const {
    const Pod& p = input_.pods[pod];
    if (!p.bound()) return -1;
    auto it = node_at_.find(p.node_name);
    return it == node_at_.end() ? -1 : it->second;
  }
  // A pod stays when kept and, if bound to a node of the input, its node
  // stays: removing a node removes the pods on it.
  bool PodKept(const Subset& s, size_t pod) const {
    if (!s.keep[kPods][pod]) return false;
    int node = NodeOf(pod);
    return node < 0 || s.keep[kNodes][node];
  }
  Scenario Build(const Subset& s) const;
  Observed Simulate(const Subset& s);
  // Removes items of kind from s when the decision stays; returns whether
  // it did. Counts the run; refuses once the runs are spent.
  bool TryRemove(Subset& s, Kind kind, const std::vector<int>& items);
  bool TryKeepNodes(Subset& s, const std::vector<int>& nodes,
                    bool drop_pending);
  // Delta debugging: removes all of items at once, then halves, then
  // quarters, ... while that keeps the decision (one at a time is the last
  // pass, Explain).
  void Minimize(Subset& s, Kind kind, std::vector<int> items);
  // One at a time over what is left: drops each object the decision does
  // not need and says, for the others, what removing it changes.
  void Explain(Subset& s, Reasons& reasons);
  std::vector<int> Kept(const Subset& s, Kind kind) const;
  std::string Role(Kind kind, size_t i, const Subset& s) const;
  // PDB i's role: the kept pods it selects, and the kept workloads' pods.
  std::string PdbRole(size_t i, const Subset& s) const;
  // The kept pods (and, for a class, workloads) that name class or claim i.
  std::vector<std::string> Users(Kind kind, size_t i, const Subset& s) const;
  Identity Identify(Kind kind, size_t i) const;
  bool Fixed(Kind kind, size_t i) const;

  const Scenario input_;
  // The input's own problems, which the first run reports with its own.
  const Diagnostics input_diagnostics_;
  const std::string pod_;
  SimulateOptions options_;
  const std::unordered_set<std::string> change_;
  std::unordered_map<std::string, int> node_at_;
  Observed original_;
  Observed last_;  // of the subset as it stands
  int runs_ = 0;
  bool capped_ = false;
  bool start_given_ = false;
  int budget_ = kMaxReduceRuns;  // runs the reduction passes may use
};

Scenario Reducer::Build(const Subset& s) const {
  Scenario out;
  out.resources = input_.resources;
  out.namespace_labels = input_.namespace_labels;
  out.config = input_.config;
  out.has_config = input_.has_config;
  out.seed = input_.seed;
  for (size_t i = 0; i < input_.nodes.size(); ++i) {
    if (!s.keep[kNodes][i]) continue;
    out.nodes.push_back(input_.nodes[i]);
    out.nodes.back().index = static_cast<ObjectIndex>(out.nodes.size() - 1);
  }
  for (size_t i = 0; i < input_.pods.size(); ++i) {
    if (!PodKept(s, i)) continue;
    out.pods.push_back(input_.pods[i]);
    out.pods.back().index = static_cast<ObjectIndex>(out.pods.size() - 1);
  }
  auto copy = [](const auto& from, const std::vector<char>& keep, auto& to) {
    for (size_t i = 0; i < from.size(); ++i) {
      if (keep[i]) to.push_back(from[i]);
    }
  };
  copy(input_.priority_classes, s.keep[kClasses], out.priority_classes);
  copy(input_.pdbs, s.keep[kPdbs], out.pdbs);
  copy(input_.controllers, s.keep[kControllers], out.controllers);
  copy(input_.claims, s.keep[kClaims], out.claims);
  // Admission reads a namespace's LimitRanges for each pod it admits; those
  // of the kept pods' namespaces stay (DescribeNamespaces), the rest change
  // nothing.
  out.limit_ranges = input_.limit_ranges;
  out.runtime_classes = input_.runtime_classes;
  out.resource_quotas = input_.resource_quotas;
  return out;
}

Observed Reducer::Simulate(const Subset& s) {
  // The first run carries the input's diagnostics: a target refused for
  // bad input is refused saying why.
  Scenario built = Build(s);
  const size_t given = built.pods.size();
  SimulationResult r = podsim::Simulate(
      std::move(built), runs_ == 0 ? input_diagnostics_ : Diagnostics(),
      options_);
  ++runs_;
  if (!options_.start_ms) options_.start_ms = r.timeline.start_ms;
  Observed o = Observe(r, pod_);
  if (!o.exists) {
    // Created pods follow the scenario's own.
    for (size_t k = given; k < r.scenario.pods.size(); ++k) {
      o.created.push_back(r.scenario.pods[k].key);
    }
  }
  return o;
}

bool Reducer::TryRemove(Subset& s, Kind kind, const std::vector<int>& items) {
  if (items.empty()) return true;
  if (runs_ >= budget_) {
    capped_ = true;
    return false;
  }
  Subset t = s;
  for (int i : items) t.keep[kind][i] = 0;
  Observed o = Simulate(t);
  if (!Difference(original_, o, pod_).empty()) return false;
  s = std::move(t);
  last_ = std::move(o);
  return true;
}

bool Reducer::TryKeepNodes(Subset& s, const std::vector<int>& nodes,
                           bool drop_pending) {
  if (runs_ >= budget_) {
    capped_ = true;
    return false;
  }
  Subset t = s;
  std::fill(t.keep[kNodes].begin(), t.keep[kNodes].end(), 0);
  for (int n : nodes) t.keep[kNodes][n] = 1;
  if (drop_pending) {
    for (size_t i = 0; i < input_.pods.size(); ++i) {
      if (!input_.pods[i].bound() && input_.pods[i].key != pod_) {
        t.keep[kPods][i] = 0;
      }
    }
  }
  Observed o = Simulate(t);
  if (!Difference(original_, o, pod_).empty()) return false;
  s = std::move(t);
  last_ = std::move(o);
  return true;
}

void Reducer::Minimize(Subset& s, Kind kind, std::vector<int> items) {
  size_t chunk = items.size();
  while (!items.empty() && chunk > 1 && !capped_) {
    std::vector<int> left;
    for (size_t i = 0; i < items.size(); i += chunk) {
      std::vector<int> part(
          items.begin() + static_cast<std::ptrdiff_t>(i),
          items.begin() +
              static_cast<std::ptrdiff_t>(std::min(i + chunk, items.size())));
      if (!TryRemove(s, kind, part)) {
        left.insert(left.end(), part.begin(), part.end());
      }
    }
    items = std::move(left);
    chunk = std::min((chunk + 1) / 2, items.size());
  }
}

std::vector<int> Reducer::Kept(const Subset& s, Kind kind) const {
  std::vector<int> out;
  for (size_t i = 0; i < s.keep[kind].size(); ++i) {
    const bool kept = kind == kPods ? PodKept(s, i) : s.keep[kind][i] != 0;
    if (kept) out.push_back(static_cast<int>(i));
  }
  return out;
}

// The target, the chosen node and the victims stay by definition.
bool Reducer::Fixed(Kind kind, size_t i) const {
  const PodDecision& d = original_.decision;
  switch (kind) {
    case kNodes:
      return !d.node.empty() && input_.nodes[i].name == d.node;
    case kPods:
      return input_.pods[i].key == pod_ ||
             std::find(d.victims.begin(), d.victims.end(),
                       input_.pods[i].key) != d.victims.end();
    default:
      return false;
  }
}

void Reducer::Explain(Subset& s, Reasons& reasons) {
  // Workloads before the classes and claims: a class only a workload's
  // template names is skipped while the workload stays, and tried once it
  // goes.
  for (Kind kind : {kNodes, kPods, kPdbs, kControllers, kClasses, kClaims}) {
    for (int i : Kept(s, kind)) {
      if (Fixed(kind, i)) continue;
      // A class or claim a kept pod names stays with it: without it the
      // pod is refused or cannot bind, which says nothing new.
      if ((kind == kClasses || kind == kClaims) && !Users(kind, i, s).empty()) {
        continue;
      }
      if (runs_ >= budget_) {
        capped_ = true;
        reasons[kind][i] = "not tried alone: the reduction stopped after " +
                           std::to_string(kMaxReduceRuns) + " simulations";
        continue;
      }
      Subset t = s;
      t.keep[kind][i] = 0;
      Observed o = Simulate(t);
      std::string change = Difference(original_, o, pod_);
      if (change.empty()) {
        s = std::move(t);
        last_ = std::move(o);
      } else {
        reasons[kind][i] = "without it, " + change;
      }
    }
  }
}

std::vector<std::string> Reducer::Users(Kind kind, size_t i,
                                        const Subset& s) const {
  std::vector<std::string> out;
  for (int p : Kept(s, kPods)) {
    const Pod& pod = input_.pods[p];
    const bool uses =
        kind == kClasses
            ? pod.priority_class_name == input_.priority_classes[i].name
            : pod.ns == input_.claims[i].ns &&
                  std::find(pod.claims.begin(), pod.claims.end(),
                            input_.claims[i].name) != pod.claims.end();
    if (uses) out.push_back(pod.key);
  }
  if (kind != kClasses) return out;
  for (int c : Kept(s, kControllers)) {
    const Controller& w = input_.controllers[c];
    if (w.pod_template && w.pod_template->priority_class_name ==
                              input_.priority_classes[i].name) {
      out.push_back(w.ref().Describe());
    }
  }
  return out;
}

std::string Reducer::Role(Kind kind, size_t i, const Subset& s) const {
  const PodDecision& d = original_.decision;
  switch (kind) {
    case kNodes: {
      const std::string& name = input_.nodes[i].name;
      if (name == d.node) {
        return d.outcome == Outcome::kScheduled
                   ? "the node " + pod_ + " is scheduled on"
                   : "the node " + pod_ + " is nominated to";
      }
      const auto& c = original_.candidates;
      if (std::find(c.begin(), c.end(), name) != c.end()) {
        return "a candidate";
      }
      auto it = original_.nodes.find(name);
      if (it != original_.nodes.end() && !it->second.filter.empty()) {
        return "a node where Filter says " + it->second.filter;
      }
      return "a node";
    }
    case kPods: {
      const Pod& p = input_.pods[i];
      if (p.key == pod_) return "the pod reduced for";
      const auto& v = d.victims;
      if (std::find(v.begin(), v.end(), p.key) != v.end()) return "a victim";
      if (p.bound()) return "runs on " + p.node_name;
      return original_.before.contains(p.key)
                 ? "a pending pod tried before " + pod_
                 : "a pending pod";
    }
    case kClasses:
    case kClaims: {
      std::vector<std::string> users = Users(kind, i, s);
      if (users.empty()) {
        return kind == kClasses ? "a priority class"
                                : "a PersistentVolumeClaim";
      }
      if (users.size() > 3) {
        users.resize(3);
        users.push_back("...");
      }
      return (kind == kClasses ? "the priority class of " : "named by ") +
             Join(users);
    }
    case kPdbs:
      return PdbRole(i, s);
    default: {
      // A target no input object is: the workload whose pods it is of.
      const Controller& w = input_.controllers[i];
      const bool creates =
          std::none_of(input_.pods.begin(), input_.pods.end(),
                       [&](const Pod& p) { return p.key == pod_; }) &&
          w.ns + "/" == pod_.substr(0, w.ns.size() + 1) && !w.selector.is_nil &&
          w.selector.Matches(original_.labels);
      return creates ? "creates " + pod_ : "a workload";
    }
  }
}

std::string Reducer::PdbRole(size_t i, const Subset& s) const {
  const PodDisruptionBudget& b = input_.pdbs[i];
  std::vector<std::string> pods;
  for (int p : Kept(s, kPods)) {
    const Pod& pod = input_.pods[p];
    if (pod.ns == b.ns && !b.selector.is_nil &&
        b.selector.Matches(pod.labels)) {
      pods.push_back(pod.key);
    }
  }
  // The pods a kept workload creates as the clock runs (a victim among
  // them, say) are selected too.
  for (int c : Kept(s, kControllers)) {
    const Controller& w = input_.controllers[c];
    if (w.ns == b.ns && w.pod_template && !b.selector.is_nil &&
        b.selector.Matches(w.pod_template->labels)) {
      pods.push_back("the pods of " + w.ref().Describe());
    }
  }
  return pods.empty() ? "a PodDisruptionBudget" : "selects " + Join(pods);
}

Identity Reducer::Identify(Kind kind, size_t i) const {
  switch (kind) {
    case kNodes: {
      const Node& n = input_.nodes[i];
      return {"Node", "", n.name, n.line, n.document, n.range};
    }
    case kPods: {
      const Pod& p = input_.pods[i];
      return {"Pod", p.ns, p.name, p.line, p.document, p.range};
    }
    case kClasses: {
      const PriorityClass& c = input_.priority_classes[i];
      return {"PriorityClass", "", c.name, c.line, c.document, c.range};
    }
    case kPdbs: {
      const PodDisruptionBudget& b = input_.pdbs[i];
      return {"PodDisruptionBudget", b.ns, b.name, b.line, b.document, b.range};
    }
    case kControllers: {
      const Controller& c = input_.controllers[i];
      return {c.kind, c.ns, c.name, c.line, c.document, c.range};
    }
    default: {
      const PersistentVolumeClaim& c = input_.claims[i];
      return {
          "PersistentVolumeClaim", c.ns, c.name, c.line, c.document, c.range};
    }
  }
}

std::string Reducer::Refusal() const {
  if (!options_.profile.empty() && !FindProfile(options_.profile)) {
    return "unknown profile \"" + options_.profile +
           "\" (known: " + ProfileNames() + ")";
  }
  auto target = std::find_if(input_.pods.begin(), input_.pods.end(),
                             [&](const Pod& p) { return p.key == pod_; });
  if (target == input_.pods.end() || !target->bound()) return "";
  return "pod " + pod_ + " is bound to " + target->node_name +
         " in the input: only a pending pod has a decision to reduce";
}

std::string Reducer::Unknown() const {
  std::vector<std::string> pending;
  for (const Pod& p : input_.pods) {
    if (!p.bound()) pending.push_back(p.key);
  }
  std::string out = "pod " + pod_ + " is not in the scenario";
  if (!input_.controllers.empty()) out += " nor created by its workloads";
  out += pending.empty() ? "; it has no pending pods"
                         : "; pending pods: " + FirstTen(pending);
  if (!original_.created.empty()) {
    out += "; its workloads create " + FirstTen(original_.created);
  }
  return out;
}

void Reducer::ReduceNodes(Subset& s) {
  // The chosen node and one node per distinct thing the attempt saw of a
  // node (so every reason of the message stays), without the other
  // pending pods, then with them, then with the dry run's candidates too.
  std::vector<int> named;
  std::map<std::pair<std::string, std::string>, bool> seen;
  for (size_t n = 0; n < input_.nodes.size(); ++n) {
    const std::string& name = input_.nodes[n].name;
    auto it = original_.nodes.find(name);
    bool first =
        it != original_.nodes.end() &&
        seen.emplace(std::pair(it->second.filter, it->second.verdict), true)
            .second;
    if (name == original_.decision.node || first) {
      named.push_back(static_cast<int>(n));
    }
  }
  if (!TryKeepNodes(s, named, true) && !TryKeepNodes(s, named, false)) {
    std::vector<int> more = named;
    for (const std::string& c : original_.candidates) {
      auto it = node_at_.find(c);
      if (it != node_at_.end()) more.push_back(it->second);
    }
    std::sort(more.begin(), more.end());
    more.erase(std::unique(more.begin(), more.end()), more.end());
    if (more.size() > named.size()) TryKeepNodes(s, more, false);
  }
  // Then delta debugging over the rest.
  std::vector<int> nodes;
  for (int n : Kept(s, kNodes)) {
    if (!Fixed(kNodes, n)) nodes.push_back(n);
  }
  Minimize(s, kNodes, nodes);
}

void Reducer::ReduceOthers(Subset& s) {
  // 2) Pending pods, then 3) the pods on the kept nodes.
  std::vector<int> pending, running;
  for (int p : Kept(s, kPods)) {
    if (Fixed(kPods, p)) continue;
    (input_.pods[p].bound() ? running : pending).push_back(p);
  }
  Minimize(s, kPods, pending);
  Minimize(s, kPods, running);

  // 4) PDBs: one that selects no kept pod cannot touch a victim; it goes
  // without a run. Then claims no kept pod names: by runs, as whether the
  // input holds any claim at all changes how a missing one is read
  // (ResolveClaims).
  std::vector<int> pdbs;
  for (int b : Kept(s, kPdbs)) {
    if (PdbRole(b, s) == "a PodDisruptionBudget") {
      s.keep[kPdbs][b] = 0;
    } else {
      pdbs.push_back(b);
    }
  }
  Minimize(s, kPdbs, pdbs);
  std::vector<int> claims;
  for (int c : Kept(s, kClaims)) {
    if (Users(kClaims, c, s).empty()) claims.push_back(c);
  }
  Minimize(s, kClaims, claims);

  // 5) Classes no kept pod names, then 6) workloads.
  std::vector<int> classes;
  for (int c : Kept(s, kClasses)) {
    if (Users(kClasses, c, s).empty()) classes.push_back(c);
  }
  Minimize(s, kClasses, classes);
  Minimize(s, kControllers, Kept(s, kControllers));
}

bool Reducer::StartNeeded(const Subset& s) {
  if (start_given_) return false;
  SimulateOptions own = options_;
  own.start_ms.reset();
  ++runs_;
  SimulationResult r = podsim::Simulate(Build(s), Diagnostics(), own);
  return r.timeline.start_ms != options_.start_ms &&
         !Difference(original_, Observe(r, pod_), pod_).empty();
}

void Reducer::Describe(const Subset& s, const Reasons& reasons,
                       Reduction& out) const {
  static const char* const kKindNames[kKinds] = {
      "Node",          "Pod",
      "PriorityClass", "PodDisruptionBudget",
      "workload",      "PersistentVolumeClaim"};
  for (int k = 0; k < kKinds; ++k) {
    const Kind kind = static_cast<Kind>(k);
    std::vector<int> kept = Kept(s, kind);
    out.counts.push_back({kKindNames[k], static_cast<int>(s.keep[k].size()),
                          static_cast<int>(kept.size())});
    for (int i : kept) {
      Identity id = Identify(kind, i);
      KeptObject o;
      o.kind = id.kind;
      o.ns = id.ns;
      o.name = id.name;
      o.line = id.line;
      o.document = id.document;
      o.range = id.range;
      o.change =
          change_.contains(ObjectRef{id.kind, id.ns, id.name}.Describe());
      o.reason = Role(kind, i, s);
      if (kind == kPods && input_.pods[i].bound() &&
          reasons[k][i] == "without it, " + pod_ + " is scheduled on " +
                               input_.pods[i].node_name) {
        o.reason += ", keeping " + pod_ + " off it";
      }
      if (!reasons[k][i].empty()) o.reason += "; needed: " + reasons[k][i];
      out.kept.push_back(std::move(o));
    }
  }
  DescribeNamespaces(s, out);
  if (input_.has_config) {
    // Every run reads it: it stays, whatever it says.
    KeptObject o;
    o.kind = "KubeSchedulerConfiguration";
    o.line = input_.config_line;
    o.document = input_.config_document;
    o.range = input_.config_range;
    o.change = change_.contains("KubeSchedulerConfiguration ");
    o.reason = "the scheduler's configuration, which every run reads";
    out.kept.push_back(std::move(o));
  }
  // A cluster read from several files: the one each of its objects is in.
  for (KeptObject& o : out.kept) {
    const std::string* source = SourceOf(input_, o.document);
    if (!o.change && source) o.source = *source;
  }
}

void Reducer::DescribeNamespaces(const Subset& s, Reduction& out) const {
  // Every run reads the namespace selectors as the whole input resolved
  // them (Decoder::ResolveNamespaces). Read on its own, the reduced text
  // resolves them over the Namespace objects it holds, and a kept pod's
  // namespace missing there has only its name label: its Namespace object
  // stays when it carries more. Pods of other namespaces are gone, so
  // their namespaces cannot matter.
  std::map<std::string, std::string> kept_in;  // namespace -> an object in it
  for (int c : Kept(s, kControllers)) {
    const Controller& w = input_.controllers[c];
    kept_in.emplace(w.ns, w.ref().Describe());
  }
  for (int p : Kept(s, kPods)) kept_in[input_.pods[p].ns] = input_.pods[p].key;
  // An object kept for what every run reads of it, not by a run of its own.
  auto keep = [&](const auto& object, std::string reason) {
    const ObjectRef ref = object.ref();
    out.kept.push_back({.kind = ref.kind,
                        .ns = ref.ns,
                        .name = ref.name,
                        .line = object.line,
                        .document = object.document,
                        .range = object.range,
                        .change = change_.contains(ref.Describe()),
                        .source = "",
                        .reason = std::move(reason)});
  };
  int kept = 0;
  for (const NamespaceObject& n : input_.namespaces) {
    auto in = kept_in.find(n.name);
    auto labels = input_.namespace_labels.find(n.name);
    if (in == kept_in.end() || labels == input_.namespace_labels.end() ||
        labels->second.items().size() <= 1) {
      continue;
    }
    ++kept;
    keep(n, "the namespace of " + in->second +
                ", with its labels (namespace selectors read them)");
  }
  out.counts.push_back(
      {"Namespace", static_cast<int>(input_.namespaces.size()), kept});
  int ranges = 0;
  for (const LimitRange& lr : input_.limit_ranges) {
    auto in = kept_in.find(lr.ns);
    if (in == kept_in.end()) continue;
    ++ranges;
    keep(lr, "a LimitRange of the namespace of " + in->second +
                 " (admission gives its pods their default requests)");
  }
  if (!input_.limit_ranges.empty()) {
    out.counts.push_back(
        {"LimitRange", static_cast<int>(input_.limit_ranges.size()), ranges});
  }
  int quotas = 0;
  for (const ResourceQuota& q : input_.resource_quotas) {
    auto in = kept_in.find(q.ns);
    if (in == kept_in.end()) continue;
    ++quotas;
    keep(q, "a ResourceQuota of the namespace of " + in->second +
                " (admission counts its pods and refuses those past it)");
  }
  if (!input_.resource_quotas.empty()) {
    out.counts.push_back({"ResourceQuota",
                          static_cast<int>(input_.resource_quotas.size()),
                          quotas});
  }
  // The RuntimeClasses the kept pods (and workloads' templates) name.
  std::map<std::string, std::string> named;  // class -> a pod naming it
  for (int p : Kept(s, kPods)) {
    const Pod& pod = input_.pods[p];
    if (!pod.runtime_class_name.empty()) {
      named.emplace(pod.runtime_class_name, pod.key);
    }
  }
  for (int c : Kept(s, kControllers)) {
    const Controller& w = input_.controllers[c];
    if (w.pod_template && !w.pod_template->runtime_class_name.empty()) {
      named.emplace(w.pod_template->runtime_class_name, w.ref().Describe());
    }
  }
  int classes = 0;
  for (const RuntimeClass& rc : input_.runtime_classes) {
    auto by = named.find(rc.name);
    if (by == named.end()) continue;
    ++classes;
    keep(rc, "the RuntimeClass " + by->second +
                 " names (admission adds its overhead and scheduling)");
  }
  if (!input_.runtime_classes.empty()) {
    out.counts.push_back({"RuntimeClass",
                          static_cast<int>(input_.runtime_classes.size()),
                          classes});
  }
}

Reduction Reducer::Run() {
  Reduction out;
  out.pod = pod_;
  // 0) The target must be a pending pod, of the input or created by one of
  // its workloads, that gets a cycle.
  out.error = Refusal();
  if (!out.error.empty()) return out;
  Subset s;
  s.keep[kNodes].assign(input_.nodes.size(), 1);
  s.keep[kPods].assign(input_.pods.size(), 1);
  s.keep[kClasses].assign(input_.priority_classes.size(), 1);
  s.keep[kPdbs].assign(input_.pdbs.size(), 1);
  s.keep[kControllers].assign(input_.controllers.size(), 1);
  s.keep[kClaims].assign(input_.claims.size(), 1);
  original_ = Simulate(s);
  last_ = original_;
  out.start_ms = options_.start_ms.value_or(0);
  out.runs = runs_;
  if (!original_.exists) {
    // Not a pod of the input, nor one a workload creates as the clock runs.
    out.error = Unknown();
    return out;
  }
  if (!original_.attempted) {
    // The errors hold commas of their own: "; " parts them.
    std::string why;
    for (const std::string& e : original_.errors) {
      why += (why.empty() ? " (" : "; ") + e;
    }
    why = why.empty() ? " (another scheduler, a scheduling gate or refused at "
                        "admission)"
                      : why + ")";
    out.error = "pod " + pod_ + " gets no scheduling cycle" + why +
                ": there is no decision to reduce";
    return out;
  }
  // 1) Nodes, 2) to 6) the other kinds, 7) one at a time: what is left is
  // needed, and why.
  ReduceNodes(s);
  ReduceOthers(s);
  Reasons reasons;
  for (int k = 0; k < kKinds; ++k) reasons[k].resize(s.keep[k].size());
  Explain(s, reasons);
  // 8) Read on its own, the reduced scenario starts its clock at its own
  // latest time: say when that is not the same decision.
  out.start_needed = StartNeeded(s);
  out.decision = original_.decision;
  out.message = original_.message;
  out.reduced_message = last_.message;
  Describe(s, reasons, out);
  out.runs = runs_;
  out.capped = capped_;
  return out;
}

std::string PodKey(std::string_view pod) {
  std::string key(pod);
  if (key.find('/') == std::string::npos) key = "default/" + key;
  return key;
}

}  // namespace

Reduction Reduce(std::string_view text, std::string_view pod,
                 const SimulateOptions& options) {
  return Reducer(Decode(text), PodKey(pod), options, {}).Run();
}

Reduction Reduce(const LoadedCluster& cluster, std::string_view change,
                 std::string_view pod, const SimulateOptions& options) {
  std::unordered_set<std::string> mine;
  DecodeResult merged = cluster.With(change, options.ns, &mine);
  return Reducer(std::move(merged), PodKey(pod), options, std::move(mine))
      .Run();
}

}  // namespace podsim
