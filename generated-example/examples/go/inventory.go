// A small stock-keeping program with one mistake that the Go compiler reports: a generic
// function instantiated with a type its constraint does not allow. The reducer should keep
// just enough of the file for the compiler to report the same error.
package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Item is one line of the inventory.
type Item struct {
	SKU   string  `json:"sku"`
	Name  string  `json:"name"`
	Count int     `json:"count"`
	Price float64 `json:"price"`
}

// Number is what Sum adds up.
type Number interface {
	~int | ~int64 | ~float64
}

// Sum adds the values of f over xs.
func Sum[T any, N Number](xs []T, f func(T) N) N {
	var total N
	for _, x := range xs {
		total += f(x)
	}
	return total
}

var errUnknown = errors.New("unknown SKU")

type store struct {
	items map[string]*Item
	log   []string
}

func newStore() *store {
	return &store{items: make(map[string]*Item)}
}

func (s *store) add(it Item) {
	if old, ok := s.items[it.SKU]; ok {
		old.Count += it.Count
		return
	}
	copy := it
	s.items[copy.SKU] = &copy
}

func (s *store) take(sku string, n int) error {
	it, ok := s.items[sku]
	switch {
	case !ok:
		return fmt.Errorf("take %s: %w", sku, errUnknown)
	case it.Count < n:
		return fmt.Errorf("take %s: only %d left", sku, it.Count)
	}
	it.Count -= n
	s.log = append(s.log, fmt.Sprintf("took %d of %s", n, it.Name))
	return nil
}

func (s *store) sorted() []*Item {
	out := make([]*Item, 0, len(s.items))
	for _, it := range s.items {
		out = append(out, it)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SKU < out[j].SKU })
	return out
}

func describe(v interface{}) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case *Item:
		return fmt.Sprintf("%s (%d)", x.Name, x.Count)
	case error:
		return "error: " + x.Error()
	default:
		return fmt.Sprint(x)
	}
}

func (s *store) report() string {
	var b strings.Builder
	items := s.sorted()
	for i, it := range items {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%-8s %-10s x%3d  %8.2f", it.SKU, it.Name, it.Count, it.Price)
	}
	value := Sum(items, func(it *Item) float64 { return float64(it.Count) * it.Price })
	// The mistake: names are strings, and Number has no string in its type set.
	names := Sum(items, func(it *Item) string { return it.Name })
	fmt.Fprintf(&b, "\ntotal value %.2f (%s)", value, names)
	return b.String()
}

func main() {
	s := newStore()
	for _, it := range []Item{
		{SKU: "A-100", Name: "bolt", Count: 500, Price: 0.05},
		{SKU: "B-200", Name: "nut", Count: 800, Price: 0.03},
		{SKU: "A-100", Name: "bolt", Count: 100, Price: 0.05},
	} {
		s.add(it)
	}
	if err := s.take("C-300", 1); errors.Is(err, errUnknown) {
		fmt.Println(describe(err))
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = s.take("A-100", 42)
	}()
	select {
	case <-done:
	}
	fmt.Println(s.report())
	fmt.Println(strings.Join(s.log, "; "), describe(s.items["B-200"]), describe(nil))
}
