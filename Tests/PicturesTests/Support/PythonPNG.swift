import Foundation
import TestSupport

/// PNG files written by Python's `zlib` and `struct` alone (no imaging library), so the files
/// the decoder is tested on share no code with it: each colour type and depth, each filter,
/// compression levels, split image data, ancillary chunks, and hostile variants. Python also
/// gives the samples a reader must find (RGBA, 16-bit scale), computed from the pattern, not
/// from the file.
enum PythonPNG {
  /// A written file and the samples it holds.
  struct Written {
    let png: [UInt8]
    let width: Int
    let height: Int
    let samples: [UInt16]
  }

  /// The file described by `spec`, keys of `script` below: `w`, `h`, `pattern` (`rgba`,
  /// `opaque`, `gray`, `grayalpha`, `gray1`/`gray2`/`gray4`, `deep`, `few`), `ctype`,
  /// `depth`, `filter` (0–4 or `"mixed"`), `level`, `split`, `ancillary`, `key` (a tRNS
  /// colour), `change` ([x, y]: one pixel changed), and for hostile files `header_size`,
  /// `interlace`, `bad_filter`, `extra_data`.
  static func write(_ spec: String) throws -> Written {
    let result = try Command.run(try ExternalTool.require("python3"), ["-c", script, spec])
    guard result.status == 0,
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      let png = (object["png"] as? String).flatMap({ Data(base64Encoded: $0) }),
      let samples = (object["samples"] as? String).flatMap({ Data(base64Encoded: $0) }),
      let width = object["width"] as? Int, let height = object["height"] as? Int
    else {
      throw Failure(description: "python3 failed for \(spec): \(result)")
    }
    let bytes = [UInt8](samples)
    let values = stride(from: 0, to: bytes.count, by: 2).map {
      UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
    }
    return Written(png: [UInt8](png), width: width, height: height, samples: values)
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static let script = #"""
    import base64, json, struct, sys, zlib

    spec = json.loads(sys.argv[1])
    w, h = spec.get("w", 13), spec.get("h", 7)
    pattern = spec.get("pattern", "rgba")

    def logical(x, y):
        # The pixel at (x, y) of the pattern, RGBA on the 16-bit scale.
        if pattern in ("rgba", "opaque"):
            r, g, b, a = (x * 37 + y * 11) % 256, (x * 5 + y * 53) % 256, (x * y * 7) % 256, (x * 19 + y * 29) % 256
            return [r * 257, g * 257, b * 257, 65535 if pattern == "opaque" else a * 257]
        if pattern in ("gray", "grayalpha"):
            v = (x * 23 + y * 41) % 256
            return [v * 257] * 3 + [65535 if pattern == "gray" else ((x * 19 + y * 29) % 256) * 257]
        if pattern.startswith("gray") and pattern[4:].isdigit():
            d = int(pattern[4:])
            v = (x * 3 + y * 5) % (1 << d)
            return [v * (65535 // ((1 << d) - 1))] * 3 + [65535]
        if pattern == "deep":
            return [(x * 1234 + y * 4321) % 65536, (x * 777 + y * 999) % 65536, (x * y * 31) % 65536,
                    (x * 4000 + y * 3000) % 65536]
        if pattern == "few":
            colours = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 128], [9, 9, 9, 0], [200, 100, 50, 255],
                       [1, 2, 3, 4], [250, 250, 250, 255], [0, 0, 0, 255], [17, 34, 51, 68], [90, 80, 70, 255],
                       [128, 128, 128, 255], [60, 61, 62, 63]]
            return [c * 257 for c in colours[(x + 2 * y) % len(colours)]]
        raise SystemExit("unknown pattern " + pattern)

    image = [[logical(x, y) for x in range(w)] for y in range(h)]
    if "change" in spec:
        cx, cy = spec["change"]
        image[cy][cx] = [(image[cy][cx][0] + 257 * 128) % 65536] + image[cy][cx][1:]

    ctype, depth = spec.get("ctype", 6), spec.get("depth", 8)
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]

    def file_sample(value):
        return value if depth == 16 else value // (65535 // ((1 << depth) - 1))

    palette, alphas, trns = [], [], None
    if ctype == 3:
        for row in image:
            for p in row:
                c = tuple(v // 257 for v in p)
                if c not in palette:
                    palette.append(c)
        if any(c[3] != 255 for c in palette):
            alphas = [c[3] for c in palette]

    def samples_of(p):
        if ctype == 0: return [file_sample(p[0])]
        if ctype == 4: return [file_sample(p[0]), file_sample(p[3])]
        if ctype == 2: return [file_sample(v) for v in p[:3]]
        if ctype == 6: return [file_sample(v) for v in p]
        return [palette.index(tuple(v // 257 for v in p))]

    key = samples_of(image[0][0]) if spec.get("key") else None
    if key is not None:
        trns = b"".join(struct.pack(">H", v) for v in key)

    def pack(samples):
        if depth == 16: return b"".join(struct.pack(">H", v) for v in samples)
        if depth == 8: return bytes(samples)
        out, acc, bits = bytearray(), 0, 0
        for v in samples:
            acc, bits = (acc << depth) | v, bits + depth
            if bits == 8:
                out.append(acc); acc, bits = 0, 0
        if bits: out.append(acc << (8 - bits))
        return bytes(out)

    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

    step = max(1, channels * depth // 8)
    raw, previous = bytearray(), None
    for y, row in enumerate(image):
        line = pack([s for p in row for s in samples_of(p)])
        prior = previous or bytes(len(line))
        f = spec.get("filter", 0)
        f = y % 5 if f == "mixed" else f
        out = bytearray()
        for i, v in enumerate(line):
            left = line[i - step] if i >= step else 0
            up = prior[i]
            upleft = prior[i - step] if i >= step else 0
            pred = [0, left, up, (left + up) // 2, paeth(left, up, upleft)][f]
            out.append((v - pred) % 256)
        raw += bytes([spec.get("bad_filter", f)]) + out
        previous = line

    def chunk(t, d, crc=None):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) if crc is None else crc)

    hw, hh = spec.get("header_size", [w, h])
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", hw, hh, depth, ctype, 0, 0, spec.get("interlace", 0)))
    for name in spec.get("ancillary", []):
        png += chunk(name.encode(), b"deeplink test")
    if palette:
        png += chunk(b"PLTE", bytes(v for c in palette for v in c[:3]))
    if alphas:
        png += chunk(b"tRNS", bytes(alphas))
    if trns:
        png += chunk(b"tRNS", trns)
    data = zlib.compress(bytes(raw) + b"\0" * spec.get("extra_data", 0), spec.get("level", 6))
    parts = spec.get("split", 1)
    size = -(-len(data) // parts)
    for start in range(0, len(data), size):
        png += chunk(b"IDAT", data[start:start + size])
    png += chunk(b"IEND", b"")

    # The samples a reader must give: RGBA on the 16-bit scale, a transparent key's pixels at alpha 0.
    expected = []
    for row in image:
        for p in row:
            expected += p[:3] + [0 if key is not None and samples_of(p) == key else p[3]]
    sys.stdout.write(json.dumps({"png": base64.b64encode(png).decode(), "width": w, "height": h,
                                 "samples": base64.b64encode(b"".join(struct.pack(">H", v) for v in expected)).decode()}))
    """#
}
