package bai

import "reflect"

// equal is reflect.DeepEqual; named so that test failures read plainly.
func equal(a, b any) bool { return reflect.DeepEqual(a, b) }
