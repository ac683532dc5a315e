// YAML pieces the controllers' tests build scenarios from.
#pragma once

#include <string>

namespace podsim::testing {

// Two priority classes, low (100) and high (1000).
inline constexpr const char* kClasses = R"(
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
)";

// A node with cpu cores, 8Gi and 110 pods; extra is the inside of its spec.
inline std::string NodeYaml(const std::string& name, const std::string& cpu,
                            const std::string& extra = "") {
  return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name +
         ", labels: {kubernetes.io/hostname: " + name + "}}\nspec: {" + extra +
         "}\nstatus: {allocatable: {cpu: \"" + cpu +
         "\", memory: 8Gi, pods: \"110\"}}\n---\n";
}

}  // namespace podsim::testing
