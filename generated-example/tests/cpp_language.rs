//! The C++ grammar on the constructs it must cover, each checked against g++ (when it is
//! installed) so that the snippets themselves are C++ that g++ 12 accepts, or rejects; and
//! the `reduce` binary choosing C++ by extension. (The bundled example: `examples.rs`.)

use generated_example::Cpp;
use reducer_core::Language;
use std::process::Command;

fn have_gxx() -> bool {
    let ok = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("g++ is not installed: snippets are not checked against it");
    }
    ok
}

/// True when `g++ -fsyntax-only` with `std` accepts `text`.
fn gxx_accepts(text: &str, std: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("snippet.cpp");
    std::fs::write(&f, text).unwrap();
    Command::new("g++")
        .args(["-fsyntax-only", "-w", "-fcoroutines"])
        .arg(format!("-std={std}"))
        .arg(&f)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// (standard, snippet): one topic each, every form the grammar must read.
const VALID: &[(&str, &str)] = &[
    (
        "c++20",
        "template <class T> struct Box { template <class U> struct rebind { using type = U; }; using type = T; };\n\
         template <class T, int N = 3, template <class> class C = Box, class... Ts>\n\
         struct A { static const int v = N; };\n\
         template <> struct A<int> { static const int v = 1; };\n\
         template <class T> struct A<T*> : A<int> { using A<int>::v; };\n\
         template <class T> typename T::type f(T) { return typename T::type(); }\n\
         template <class T> struct B { template <class U> using R = typename T::template rebind<U>::type; };\n\
         A<A<int>> *p; A<A<A<int>>> *q; B<Box<int>>::R<long> r;\n",
    ),
    (
        "c++20",
        "template <class... Ts> auto sum(Ts... xs) { return (xs + ... + 0); }\n\
         template <class... Ts> bool all(Ts... xs) { return (... && xs); }\n\
         template <class... Ts> void g(Ts&&... xs) { (void)(sizeof...(Ts) + sizeof...(xs)); int a[] = {xs...}; (void)a; }\n\
         template <class F, class... Ts> void each(F f, Ts... xs) { (f(xs), ...); }\n",
    ),
    (
        "c++20",
        "#include <concepts>\n\
         template <class T> concept Small = sizeof(T) <= 4 && requires(T a, T b) {\n\
           a + b; typename T::value_type; { a.size() } noexcept -> std::same_as<int>; requires sizeof(T) > 1;\n\
         };\n\
         template <class T> requires Small<T> || std::integral<T> void f(T);\n\
         template <std::integral T> void g(T) requires (sizeof(T) > 1);\n\
         void h(std::integral auto x, Small auto y);\n\
         template <class... Ts> requires (std::integral<Ts> && ...) void k(Ts...);\n",
    ),
    (
        "c++20",
        "int main() {\n\
           int x = 1, y = 2;\n\
           auto a = [x, &y, z = x + 1, this_ = 0]() mutable noexcept -> int { return x + y + z + this_; };\n\
           auto b = []<class T>(T t) requires (sizeof(T) > 0) { return t; };\n\
           auto c = [=, &x](auto&&... args) constexpr { return (args + ...); };\n\
           auto d = [] { return 0; }();\n\
           return a() + b(1) + c(1, 2) + d;\n\
         }\n",
    ),
    (
        "c++23",
        "#include <map>\n\
         int f(std::map<int, int>& m) {\n\
           auto [a, b] = std::pair<int, int>{1, 2};\n\
           const auto& [k, v] = *m.begin();\n\
           for (int n = 0; auto& [key, value] : m) n += key + value;\n\
           if constexpr (sizeof(int) == 4) { return a; } else { return b; }\n\
           if (int i = k; i > v) return i;\n\
           switch (int j = 0; j) { case 0: break; default:; }\n\
           if consteval { return 1; } else { return 2; }\n\
           if !consteval { return 3; }\n\
           return k + v;\n\
         }\n",
    ),
    (
        "c++20",
        "struct [[nodiscard]] alignas(16) S { [[no_unique_address]] int x; alignas(8) char c; };\n\
         [[deprecated(\"use g\")]] [[gnu::always_inline]] inline int f() { return 0; }\n\
         __attribute__((noinline, aligned(8))) int g(int) __attribute__((cold));\n\
         decltype(auto) h(int& x) { return (x); }\n\
         int k(int x) { switch (x) { case 1: [[fallthrough]]; case 2: return 1; } [[likely]] return 0; }\n\
         [[using gnu: hot, cold]] void m();\n",
    ),
    (
        "c++20",
        "#include <coroutine>\n\
         struct task { struct promise_type { task get_return_object() { return {}; }\n\
           std::suspend_never initial_suspend() { return {}; } std::suspend_never final_suspend() noexcept { return {}; }\n\
           void return_void() {} void unhandled_exception() {} std::suspend_always yield_value(int) { return {}; } }; };\n\
         task t() { co_await std::suspend_never{}; co_yield 1; co_return; }\n",
    ),
    (
        "c++20",
        "#include <cstddef>\n\
         struct V { int v;\n\
           V operator+(const V& o) const { return {v + o.v}; }\n\
           V& operator=(const V&) = default; bool operator==(const V&) const = default;\n\
           auto operator<=>(const V&) const = default;\n\
           int operator()(int a) const { return a; } int operator[](std::size_t) const { return 0; }\n\
           explicit operator bool() const noexcept { return v != 0; } operator const char*() const;\n\
           void* operator new(std::size_t n); void operator delete[](void*) noexcept;\n\
           template <class T> friend bool operator< (const T&, const V&) { return false; }\n\
         };\n\
         constexpr unsigned long long operator\"\"_km(unsigned long long x) { return x * 1'000; }\n\
         auto d = 12_km + 0x1'FFFF + 0b1010'0101 + 1'000'000;\n\
         const char* r = R\"sep(a raw \"string\" with )\" inside)sep\";\n\
         const char8_t* u = u8R\"(x)\" u8\"y\";\n\
         auto c = U'x' + L'y';\n",
    ),
    (
        "c++20",
        "namespace a::b::inline c { int x; }\n\
         inline namespace v1 { namespace { int y; } }\n\
         namespace ab = a::b;\n\
         enum class E : unsigned char { p, q = 2, };\n\
         struct T { using enum E; };\n\
         using namespace a::b;\n\
         using I = int; template <class U> using P = U*;\n\
         extern \"C\" { int cf(void); }\n\
         extern \"C++\" int cpf();\n\
         struct Base { void f(); }; struct D : Base { using Base::f; };\n",
    ),
    (
        "gnu++17",
        "__extension__ typedef long long ll;\n\
         __extension__ template <class T> struct W {};\n\
         typedef __typeof__(1 + 2) three;\n\
         int *__restrict rp;\n\
         template <class T> struct U { typedef __underlying_type(T) type; };\n\
         struct S { int a; char b; };\n\
         unsigned long off = __builtin_offsetof(S, b);\n\
         bool same = __is_same(int, int) && __is_trivially_copyable(S);\n\
         int g(int x) { int y; asm volatile(\"mov %1, %0\" : \"=r\"(y) : \"r\"(x) : \"memory\"); return ({ int z = y; z; }); }\n\
         __int128 big; _Complex double cd;\n",
    ),
    (
        "c++17",
        "#define SQUARE(x) ((x) * (x))\n\
         #include <cstdio>\n\
         #if defined(__GNUC__)\n\
         int f(int x) {\n\
         #ifdef DEBUG\n\
           std::printf(\"%d\\n\", x);\n\
         #endif\n\
           return SQUARE(x);\n\
         }\n\
         #endif\n\
         struct S {\n\
         #pragma GCC diagnostic push\n\
           int m;\n\
         #pragma GCC diagnostic pop\n\
         };\n",
    ),
    (
        "c++17",
        "# 1 \"a.cpp\"\n\
         # 1 \"<built-in>\" 1\n\
         template <bool B> struct X { static constexpr bool value = B; };\n\
         template <class R1, class R2> struct L : X<true> {};\n\
         template <class R1, class R2> struct M : X<(sizeof(R1) < sizeof(R2))> { };\n\
         template <class R1> struct N : X<R1::num < R1::den> { };\n\
         template <class T> struct Y : T { int f() { return this->template g<int>() + T::template h<T>::value; } };\n\
         struct Z { Z(); ~Z(); Z(int) try : m(0) { } catch (...) { } int m; };\n\
         Z::Z() : m(1) {}\n\
         Z::~Z() = default;\n\
         int k() try { throw 1; } catch (int e) { return e; }\n",
    ),
];

/// Snippets g++ rejects that the grammar must reject too.
const INVALID: &[&str] = &[
    "int f( { return 0; }\n",
    "struct S { int x; \n",
    "int x = ;\n",
    "template <class T struct A {};\n",
    "void f() { if (x) }\n",
    "auto l = [](int a { return a; };\n",
    "namespace { int a }\n",
    "int a[3] = {1, 2, 3;\n",
    "class A : public { };\n",
    "int f() { return 1 +; }\n",
];

#[test]
fn cpp_constructs_parse_and_print_back() {
    let gxx = have_gxx();
    for (std, text) in VALID {
        if gxx {
            assert!(
                gxx_accepts(text, std),
                "g++ -std={std} rejects the snippet:\n{text}"
            );
        }
        match Cpp.parse(text) {
            Ok(tree) => assert_eq!(tree.text(), *text),
            Err(e) => panic!("{e}\n{text}"),
        }
    }
}

#[test]
fn cpp_rejects_what_gxx_rejects() {
    let gxx = have_gxx();
    for text in INVALID {
        if gxx {
            assert!(!gxx_accepts(text, "c++20"), "g++ accepts:\n{text}");
        }
        assert!(Cpp.parse(text).is_err(), "the grammar accepts:\n{text}");
    }
}

#[test]
fn reduce_reads_cpp_by_extension_and_case() {
    let dir = tempfile::tempdir().unwrap();
    // `template` is C++ only: the C grammar rejects the file, the C++ grammar reads it.
    let text = "template <class T> struct A { T x; };\nA<int> a;\n";
    for name in ["a.cpp", "a.cc", "a.cxx", "a.hpp", "a.ii", "a.C", "a.tcc"] {
        let f = dir.path().join(name);
        std::fs::write(&f, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_reduce"))
            .arg("--parse-only")
            .arg(&f)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let f = dir.path().join("a.c");
    std::fs::write(&f, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_reduce"))
        .arg("--parse-only")
        .arg(&f)
        .output()
        .unwrap();
    assert!(!out.status.success(), "a .c file is C");
}
