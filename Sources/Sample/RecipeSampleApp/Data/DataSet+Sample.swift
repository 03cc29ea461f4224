extension DataSet {
  /// The built-in data of the sample recipe app: three dozen recipes, a few users.
  ///
  /// Some titles hold quotes, `&`, `$(…)` and backticks on purpose: they travel through
  /// JSON, screens and shell completion, and must stay plain text everywhere.
  package static let sample = DataSet(
    recipes: [
      (1, "Shakshuka", 30, 2, ["eggs", "tomatoes", "peppers", "cumin"]),
      (2, "Pancakes", 20, 4, ["flour", "milk", "eggs", "butter"]),
      (3, "Mac & Cheese", 35, 4, ["macaroni", "cheddar", "milk", "butter"]),
      (4, "Grandma's \"Secret\" Apple Pie", 90, 8, ["apples", "flour", "butter", "cinnamon"]),
      (5, "Chili $(Extra Hot)", 60, 6, ["beans", "beef", "chili", "tomatoes"]),
      (6, "`Backtick` Brownies", 45, 12, ["chocolate", "butter", "sugar", "eggs"]),
      (7, "Caesar Salad", 15, 2, ["romaine", "parmesan", "croutons", "anchovies"]),
      (8, "Tomato Soup", 40, 4, ["tomatoes", "onion", "garlic", "cream"]),
      (9, "Pad Thai", 30, 2, ["rice noodles", "shrimp", "peanuts", "tamarind"]),
      (10, "Margherita Pizza", 25, 2, ["dough", "tomatoes", "mozzarella", "basil"]),
      (11, "Banana Bread", 70, 8, ["bananas", "flour", "sugar", "eggs"]),
      (12, "Guacamole", 10, 4, ["avocados", "lime", "onion", "cilantro"]),
      (13, "Ramen", 45, 2, ["noodles", "broth", "egg", "scallions"]),
      (14, "Risotto", 40, 4, ["arborio rice", "stock", "parmesan", "white wine"]),
      (15, "Falafel", 50, 4, ["chickpeas", "parsley", "garlic", "cumin"]),
      (16, "Crème Brûlée", 60, 6, ["cream", "egg yolks", "sugar", "vanilla"]),
      (17, "Beef Stew", 150, 6, ["beef", "carrots", "potatoes", "stock"]),
      (18, "Lemon Tart", 80, 8, ["lemons", "butter", "sugar", "eggs"]),
      (19, "Fish Tacos", 30, 4, ["white fish", "tortillas", "cabbage", "lime"]),
      (20, "Miso Soup", 15, 2, ["miso", "tofu", "wakame", "scallions"]),
      (21, "Paella", 60, 6, ["rice", "saffron", "shrimp", "chorizo"]),
      (22, "Hummus", 10, 6, ["chickpeas", "tahini", "lemon", "garlic"]),
      (23, "Carbonara", 25, 2, ["spaghetti", "guanciale", "pecorino", "eggs"]),
      (24, "Pho", 180, 4, ["rice noodles", "beef", "star anise", "broth"]),
      (25, "Gazpacho", 20, 4, ["tomatoes", "cucumber", "peppers", "olive oil"]),
      (26, "Tiramisu", 30, 8, ["mascarpone", "ladyfingers", "espresso", "cocoa"]),
      (27, "Chicken Curry", 50, 4, ["chicken", "curry paste", "coconut milk", "rice"]),
      (28, "Ratatouille", 75, 4, ["eggplant", "zucchini", "peppers", "tomatoes"]),
      (29, "French Toast", 15, 2, ["bread", "eggs", "milk", "cinnamon"]),
      (30, "Greek Salad", 15, 2, ["tomatoes", "cucumber", "feta", "olives"]),
      (31, "Lasagna", 120, 8, ["pasta sheets", "beef", "ricotta", "mozzarella"]),
      (32, "Sushi Rolls", 60, 4, ["sushi rice", "nori", "salmon", "cucumber"]),
      (33, "Onion Soup", 90, 4, ["onions", "stock", "gruyère", "baguette"]),
      (34, "Apple Crumble", 50, 6, ["apples", "oats", "butter", "sugar"]),
      (35, "Dal", 40, 4, ["lentils", "turmeric", "cumin", "ginger"]),
      (36, "Käsespätzle", 45, 4, ["flour", "eggs", "cheese", "onions"]),
      (42, "Spaghetti Bolognese", 60, 4, ["spaghetti", "beef", "tomatoes", "onion"]),
    ].map { Recipe(id: $0.0, title: $0.1, minutes: $0.2, servings: $0.3, ingredients: $0.4) },
    users: [
      User(id: "1", name: "Ada Lovelace", email: "ada@example.com", recipeCount: 12),
      User(id: "7", name: "Grace Hopper", email: "grace@example.com", recipeCount: 4),
      User(id: "123", name: "Julia Child", email: "julia@example.com", recipeCount: 87),
      User(id: "alan", name: "Alan Turing", email: "alan@example.com", recipeCount: 0),
    ],
    currentUserID: "1",
    favoriteIDs: [42, 1, 16, 23])
}
