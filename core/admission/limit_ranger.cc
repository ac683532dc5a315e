#include "core/admission/limit_ranger.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace podsim {
namespace {

// The item's Container defaults, merged over the range's items
// (defaultContainerResourceRequirements).
struct Defaults {
  QuantityList requests;
  QuantityList limits;
};

Defaults ContainerDefaults(const LimitRange& range) {
  Defaults d;
  for (const LimitRangeItem& item : range.items) {
    if (item.type != "Container") continue;
    for (const ResourceQuantity& q : item.default_request.items) {
      d.requests.Set(q);
    }
    for (const ResourceQuantity& q : item.default_limit.items) {
      d.limits.Set(q);
    }
  }
  return d;
}

// "cpu 100m, memory 128Mi": the amounts set, by resource name
// (mergeContainerResources sorts the names).
std::string Described(std::vector<ResourceQuantity> set,
                      const ResourceTable& table) {
  std::sort(set.begin(), set.end(),
            [&](const ResourceQuantity& a, const ResourceQuantity& b) {
              return table.Name(a.id) < table.Name(b.id);
            });
  std::string out;
  for (const ResourceQuantity& q : set) {
    if (!out.empty()) out += ", ";
    out += table.Name(q.id) + " " + q.Text();
  }
  return out;
}

// Mirrors mergePodResourceRequirements: fills what each container leaves
// unset; returns what it set, as the limit-ranger annotation words it
// ("<names> request for container <name>"), with the amounts.
std::string MergeDefaults(const Defaults& d, const ResourceTable& table,
                          PodSpecResources& spec) {
  std::string change;
  for (ContainerSpec& c : spec.containers) {
    std::vector<ResourceQuantity> limits;
    std::vector<ResourceQuantity> requests;
    for (const ResourceQuantity& q : d.limits.items) {
      if (c.limits.Find(q.id)) continue;
      c.limits.Set(q);
      limits.push_back(q);
    }
    for (const ResourceQuantity& q : d.requests.items) {
      if (c.requests.Find(q.id)) continue;
      c.requests.Set(q);
      requests.push_back(q);
    }
    const std::string who =
        std::string(c.init ? " for init container " : " for container ") +
        c.name;
    auto add = [&](const std::vector<ResourceQuantity>& set, const char* what) {
      if (set.empty()) return;
      if (!change.empty()) change += "; ";
      change += Described(set, table) + " " + what + who;
    };
    add(requests, "request");
    add(limits, "limit");
  }
  return change;
}

// requestLimitEnforcedValues: milli-values, which every amount podsim
// holds fits.
void MinConstraint(const std::string& type, const std::string& name,
                   const ResourceQuantity& enforced, const QuantityList& req,
                   const QuantityList& lim, std::vector<std::string>& errs) {
  const ResourceQuantity* r = req.Find(enforced.id);
  const ResourceQuantity* l = lim.Find(enforced.id);
  const std::string head =
      "minimum " + name + " usage per " + type + " is " + enforced.Text();
  if (!r) {
    errs.push_back(head + ".  No request is specified");
  } else if (r->millis < enforced.millis) {
    errs.push_back(head + ", but request is " + r->Text());
  } else if (l && l->millis < enforced.millis) {
    errs.push_back(head + ", but limit is " + l->Text());
  }
}

void MaxConstraint(const std::string& type, const std::string& name,
                   const ResourceQuantity& enforced, const QuantityList& req,
                   const QuantityList& lim, std::vector<std::string>& errs) {
  const ResourceQuantity* r = req.Find(enforced.id);
  const ResourceQuantity* l = lim.Find(enforced.id);
  const std::string head =
      "maximum " + name + " usage per " + type + " is " + enforced.Text();
  if (!l) {
    errs.push_back(head + ".  No limit is specified");
  } else if (l->millis > enforced.millis) {
    errs.push_back(head + ", but limit is " + l->Text());
  } else if (r && r->millis > enforced.millis) {
    errs.push_back(head + ", but request is " + r->Text());
  }
}

void RatioConstraint(const std::string& type, const std::string& name,
                     const ResourceQuantity& enforced, const QuantityList& req,
                     const QuantityList& lim, std::vector<std::string>& errs) {
  const ResourceQuantity* r = req.Find(enforced.id);
  const ResourceQuantity* l = lim.Find(enforced.id);
  const std::string head = name + " max limit to request ratio per " + type +
                           " is " + enforced.Text();
  if (!r || r->millis == 0) {
    errs.push_back(head + ", but no request is specified or request is 0");
    return;
  }
  if (!l || l->millis == 0) {
    errs.push_back(head + ", but no limit is specified or limit is 0");
    return;
  }
  const double observed = static_cast<double>(l->millis) / r->millis;
  if (observed * 1000 > static_cast<double>(enforced.millis)) {
    char ratio[64];
    std::snprintf(ratio, sizeof ratio, "%f", observed);
    errs.push_back(head + ", but provided ratio is " + ratio);
  }
}

void CheckItem(const LimitRangeItem& item, const ResourceTable& table,
               const QuantityList& req, const QuantityList& lim,
               std::vector<std::string>& errs) {
  for (const ResourceQuantity& q : item.min.items) {
    MinConstraint(item.type, table.Name(q.id), q, req, lim, errs);
  }
  for (const ResourceQuantity& q : item.max.items) {
    MaxConstraint(item.type, table.Name(q.id), q, req, lim, errs);
  }
  for (const ResourceQuantity& q : item.max_limit_request_ratio.items) {
    RatioConstraint(item.type, table.Name(q.id), q, req, lim, errs);
  }
}

void AddTo(QuantityList& sum, const QuantityList& more) {
  for (const ResourceQuantity& q : more.items) {
    ResourceQuantity total = q;
    if (const ResourceQuantity* have = sum.Find(q.id)) {
      total = *have;  // Add keeps the receiver's format
      total.millis += q.millis;
    }
    sum.Set(total);
  }
}

void MaxInto(QuantityList& into, const QuantityList& other) {
  for (const ResourceQuantity& q : other.items) {
    const ResourceQuantity* have = into.Find(q.id);
    if (!have || q.millis > have->millis) into.Set(q);
  }
}

// Mirrors podRequests and podLimits (limitranger/admission.go): the
// containers' sum, each init container with the sidecars before it, the
// larger of the two; pod-level cpu and memory (PodLevelResources) win.
QuantityList PodTotal(const PodSpecResources& spec, bool limits) {
  QuantityList sum;
  QuantityList sidecars;
  QuantityList init;
  for (const ContainerSpec& c : spec.containers) {
    const QuantityList& own = limits ? c.limits : c.requests;
    if (!c.init) {
      AddTo(sum, own);
    } else if (c.restartable) {
      AddTo(sum, own);
      AddTo(sidecars, own);
      MaxInto(init, sidecars);
    } else {
      QuantityList with = own;
      AddTo(with, sidecars);
      MaxInto(init, with);
    }
  }
  MaxInto(sum, init);
  const std::optional<QuantityList>& pod_level =
      limits ? spec.pod_limits : spec.pod_requests;
  if (pod_level) {
    for (const ResourceQuantity& q : pod_level->items) {
      if (q.id == kCpu || q.id == kMemory) sum.Set(q);
    }
  }
  return sum;
}

// Mirrors PodValidateLimitFunc.
std::vector<std::string> Validate(const LimitRange& range,
                                  const ResourceTable& table,
                                  const PodSpecResources& spec) {
  std::vector<std::string> errs;
  for (const LimitRangeItem& item : range.items) {
    if (item.type == "Container") {
      for (const ContainerSpec& c : spec.containers) {
        CheckItem(item, table, c.requests, c.limits, errs);
      }
    } else if (item.type == "Pod") {
      CheckItem(item, table, PodTotal(spec, false), PodTotal(spec, true), errs);
    }
  }
  return errs;
}

// utilerrors.NewAggregate(errs).Error(): one message as it is, several
// without repeats in brackets.
std::string Aggregate(const std::vector<std::string>& errs) {
  std::set<std::string> seen;
  std::string out;
  for (const std::string& e : errs) {
    if (!seen.insert(e).second) continue;
    if (seen.size() > 1) out += ", ";
    out += e;
  }
  return seen.size() == 1 ? out : "[" + out + "]";
}

}  // namespace

std::vector<AdmissionNote> LimitRangerDefaults(
    const std::vector<const LimitRange*>& ranges, const ResourceTable& table,
    PodSpecResources& spec) {
  std::vector<AdmissionNote> notes;
  for (const LimitRange* range : ranges) {
    std::string change = MergeDefaults(ContainerDefaults(*range), table, spec);
    if (change.empty()) continue;
    notes.push_back({.plugin = "LimitRanger",
                     .object = range->ref().Describe(),
                     .change = "set " + change});
  }
  return notes;
}

void LimitRangerValidate(const std::vector<const LimitRange*>& ranges,
                         const ResourceTable& table,
                         const PodSpecResources& spec,
                         LimitRangerOutcome& out) {
  for (const LimitRange* range : ranges) {
    std::vector<std::string> errs = Validate(*range, table, spec);
    if (errs.empty()) continue;
    out.error = Aggregate(errs);
    out.refused_by = range->ref().Describe();
    return;
  }
}

LimitRangerOutcome RunLimitRanger(const std::vector<const LimitRange*>& ranges,
                                  const ResourceTable& table,
                                  PodSpecResources& spec) {
  LimitRangerOutcome out;
  out.notes = LimitRangerDefaults(ranges, table, spec);
  LimitRangerValidate(ranges, table, spec, out);
  return out;
}

}  // namespace podsim
