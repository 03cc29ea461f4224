/// The version of the deeplink package, shared by `deeplink` and `deeplink-app`.
public enum PackageVersion {
  public static let number = "0.1.0"
}
