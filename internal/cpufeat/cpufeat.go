// Package cpufeat reports the processor features Crown's assembly kernels
// need (the evaluation's and the trainer's), so that each package picks
// its kernel or its plain Go alike.
package cpufeat
