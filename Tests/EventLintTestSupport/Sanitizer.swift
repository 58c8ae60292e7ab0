import Glibc

/// Whether a sanitizer's runtime is loaded (`swift test --sanitize=thread` or `address`).
public enum Sanitizer {
    public static let running = ["__tsan_init", "__asan_init"].contains { (name: String) in
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
    }
}
