#include "core/trace.h"

namespace podsim {

std::string_view ToString(Outcome outcome) {
  switch (outcome) {
    case Outcome::kScheduled:
      return "Scheduled";
    case Outcome::kNominated:
      return "Nominated";
    case Outcome::kUnschedulable:
      return "Unschedulable";
  }
  return "Unschedulable";
}

std::string_view ToString(Verdict verdict) {
  switch (verdict) {
    case Verdict::kNone:
      return "none";
    case Verdict::kCandidate:
      return "candidate";
    case Verdict::kNotHelpful:
      return "not-helpful";
    case Verdict::kNoVictims:
      return "no-victims";
    case Verdict::kDoesNotFit:
      return "does-not-fit";
    case Verdict::kNotEvaluated:
      return "not-evaluated";
  }
  return "none";
}

}  // namespace podsim
