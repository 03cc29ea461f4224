print("deeplink")
