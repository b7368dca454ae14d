// A small linked list whose iterator is only bidirectional, and a sort that needs random
// access: g++ reports "no match for 'operator-'" deep inside the instantiation. The rest of
// the file is the program around it, which the reducer should remove.
#include <cstddef>
#include <initializer_list>

namespace util {

template <typename T>
struct Node {
    T value;
    Node* next = nullptr;
    Node* prev = nullptr;
};

template <typename T>
class List {
public:
    class iterator {
    public:
        explicit iterator(Node<T>* n) : node_(n) {}
        T& operator*() const { return node_->value; }
        iterator& operator++() { node_ = node_->next; return *this; }
        iterator& operator--() { node_ = node_->prev; return *this; }
        bool operator!=(const iterator& o) const { return node_ != o.node_; }
    private:
        Node<T>* node_;
    };

    void push_back(const T& v) {
        auto* n = new Node<T>{v};
        if (tail_) { tail_->next = n; n->prev = tail_; } else { head_ = n; }
        tail_ = n;
        ++size_;
    }
    iterator begin() { return iterator(head_); }
    iterator end() { return iterator(nullptr); }
    std::size_t size() const noexcept { return size_; }
    ~List() {
        for (Node<T>* n = head_; n != nullptr;) {
            Node<T>* next = n->next;
            delete n;
            n = next;
        }
    }
private:
    Node<T>* head_ = nullptr;
    Node<T>* tail_ = nullptr;
    std::size_t size_ = 0;
};

template <typename It, typename Less>
void insertion_sort(It first, It last, Less less) {
    auto n = last - first;  // needs a random-access iterator
    for (decltype(n) i = 1; i < n; ++i) {
        for (auto j = i; j > 0 && less(first[j], first[j - 1]); --j) {
            auto tmp = first[j];
            first[j] = first[j - 1];
            first[j - 1] = tmp;
        }
    }
}

}  // namespace util

struct Shape {
    virtual ~Shape() = default;
    virtual double area() const = 0;
};

struct Rect final : Shape {
    double w, h;
    Rect(double w, double h) : w(w), h(h) {}
    double area() const override { return w * h; }
};

template <class... Ts>
constexpr auto sum(Ts... xs) { return (xs + ... + 0); }

int main() {
    util::List<int> xs;
    for (int i : {5, 3, 9, 1}) xs.push_back(i);
    util::insertion_sort(xs.begin(), xs.end(), [](int a, int b) { return a < b; });
    Rect r{2.0, 3.0};
    static_assert(sum(1, 2, 3) == 6);
    return r.area() > 5.0 ? 0 : static_cast<int>(xs.size());
}
