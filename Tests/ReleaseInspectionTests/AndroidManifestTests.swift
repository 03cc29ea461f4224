import ReleaseInspection
import Testing

@Suite("Android manifests")
struct AndroidManifestTests {
  @Test func findsEverySchemeWithItsLineAndActivity() throws {
    let xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:a="http://schemas.android.com/apk/res/android" package="com.example.recipes">
        <application a:label="Recipes">
          <activity a:name=".MainActivity" a:exported="true">
            <intent-filter>
              <action a:name="android.intent.action.VIEW" />
              <!-- <data a:scheme="commented" /> -->
              <data a:scheme="recipes" a:host="open" />
            </intent-filter>
          </activity>
          <activity-alias a:name=".DebugLinks" a:targetActivity=".MainActivity">
            <intent-filter><data
              a:scheme="DEBUG" /></intent-filter>
          </activity-alias>
        </application>
      </manifest>
      """
    let manifest = try AndroidManifest(Array(xml.utf8))
    #expect(manifest.package == "com.example.recipes")
    #expect(
      manifest.schemes == [
        .init(scheme: "recipes", line: 8, activity: ".MainActivity"),
        .init(scheme: "DEBUG", line: 12, activity: ".DebugLinks"),
      ])
  }

  @Test func aCompiledManifestOrAnotherDocumentIsAnError() {
    #expect(throws: AndroidManifestError.binaryXML) { try AndroidManifest([0x03, 0x00, 0x08, 0x00, 0x10]) }
    #expect(throws: AndroidManifestError.notAManifest(root: "plist", line: 1)) {
      try AndroidManifest(Array("<plist/>".utf8))
    }
  }
}
