import Foundation
import XCTest
@testable import StoreSearchCore

final class ImageDimensionsTests: XCTestCase {
    func testPNGAndGIFHeaders() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8]  // 300 x 200
        XCTAssertEqual(ImageDimensions.of(Data(png))?.width, 300)
        XCTAssertEqual(ImageDimensions.of(Data(png))?.height, 200)
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x00, 0x20, 0x00]
        XCTAssertEqual(ImageDimensions.of(Data(gif))?.height, 32)
    }

    func testJPEGFrameAfterOtherSegments() {
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]  // SOI, APP0 (2 payload bytes)
        jpeg += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x27, 0x10, 0x4E, 0x20, 0x03]  // SOF0: 20000 x 10000
        jpeg += Array(repeating: 0, count: 12)
        let size = ImageDimensions.of(Data(jpeg))
        XCTAssertEqual(size?.width, 20000)
        XCTAssertEqual(size?.height, 10000)
        XCTAssertNil(ImageDimensions.of(Data("not an image".utf8)))
    }
}
