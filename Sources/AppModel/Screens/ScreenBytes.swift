/// A screen's text while it is being written: UTF-8 bytes appended piece by piece into memory
/// lent by the renderer (on its stack), moved to the heap only when the text outgrows it, and
/// made a `String` once at the end.
///
/// Every piece is valid UTF-8 already (a `StaticString` literal, a `String`, digits), and
/// pieces are whole, so the text is valid UTF-8 and the `String` is made without checking it
/// again: on the sample's screens, each box-drawing `─` and `›`, checking was about 3,500
/// instructions a screen, appending each piece to a `String` about 300 a piece.
struct ScreenBytes: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int
  /// Whether `start` is heap memory of ours (to free), not the lent memory.
  private var ownsStorage = false

  /// Text written into `memory` until it is full.
  init(writingInto memory: UnsafeMutableBufferPointer<UInt8>) {
    start = memory.baseAddress!
    capacity = memory.count
  }

  deinit {
    if ownsStorage { start.deallocate() }
  }

  /// Appends a literal's bytes.
  mutating func append(_ text: StaticString) {
    if text.hasPointerRepresentation {
      append(text.utf8Start, count: text.utf8CodeUnitCount)
    } else {
      text.withUTF8Buffer { append($0.baseAddress!, count: $0.count) }
    }
  }

  /// Appends `text`'s bytes, in one copy when they are contiguous (a native string's are).
  /// Labelled, so that a literal goes to ``append(_:)-(StaticString)`` (a `String` parameter
  /// would be preferred for it).
  mutating func append(contentsOf text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      if let base = bytes.baseAddress { append(base, count: bytes.count) }
    }
    if copied == nil {
      for byte in text.utf8 { append(byte) }
    }
  }

  /// Appends `number` in decimal, as `String(number)` writes it.
  mutating func append(_ number: Int) {
    if number < 0 { append(UInt8(ascii: "-")) }
    var rest = number.magnitude
    var digits = 1
    var scale: UInt = 10
    while rest >= scale {
      digits += 1
      let (next, overflow) = scale.multipliedReportingOverflow(by: 10)
      if overflow { break }
      scale = next
    }
    reserve(digits)
    var position = start + count + digits
    repeat {
      position -= 1
      position.initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
      rest /= 10
    } while rest > 0
    count += digits
  }

  /// Appends one byte; only ever ASCII, so the text stays whole UTF-8.
  private mutating func append(_ byte: UInt8) {
    reserve(1)
    (start + count).initialize(to: byte)
    count += 1
  }

  /// Inlined into each caller: a call for each piece of a screen was a tenth of its cost.
  @inline(__always)
  private mutating func append(_ bytes: UnsafePointer<UInt8>, count added: Int) {
    reserve(added)
    (start + count).initialize(from: bytes, count: added)
    count += added
  }

  /// Makes room for `added` more bytes, moving the text to a heap buffer twice as large (or
  /// larger) when it does not fit.
  @inline(__always)
  private mutating func reserve(_ added: Int) {
    guard capacity - count < added else { return }
    grow(toFit: added)
  }

  /// The slow path of ``reserve(_:)``.
  @inline(never)
  private mutating func grow(toFit added: Int) {
    let newCapacity = max(2 * capacity, count + added)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    moved.initialize(from: start, count: count)
    if ownsStorage { start.deallocate() }
    start = moved
    capacity = newCapacity
    ownsStorage = true
  }

  /// The text written.
  consuming func text() -> String {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    if #available(macOS 26, iOS 26, *) {
      // Valid by construction (see the type's comment): copied, not checked.
      return String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes)))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
