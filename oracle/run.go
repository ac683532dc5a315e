package main

import "errors"

// Run is the run level: every pending pod through upstream's scheduling queue on the fake clock
// until it settles. It is not built yet (issue #28 lists it); the oracle answers at the decision
// level only, and says so rather than answer something else.
func (c *Cluster) Run() ([]Attempt, *Final, error) {
	return nil, nil, errors.New("the run level is not built yet; use --decision")
}
