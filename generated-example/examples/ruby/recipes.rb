# frozen_string_literal: true

# Scales recipes to a number of servings and converts the quantities to metric units for a
# shopping list. Unit names are read from the recipe text as strings, but one conversion
# table is keyed by symbols: its lookup yields nil, and the list stops with a TypeError.

module Kitchen
  Ingredient = Struct.new(:name, :amount, :unit, keyword_init: true) do
    def to_s
      unit.empty? ? format("%g %s", amount, name) : format("%g %s %s", amount, unit, name)
    end
  end

  # millilitres per volume unit
  VOLUME = { tsp: 5.0, tbsp: 15.0, cup: 240.0, ml: 1.0, l: 1000.0 }.freeze
  # grams per weight unit
  WEIGHT = { "g" => 1.0, "kg" => 1000.0, "oz" => 28.35, "lb" => 453.6 }.freeze

  class Recipe
    attr_reader :title, :servings, :ingredients, :steps

    def initialize(title, servings)
      @title = title
      @servings = servings
      @ingredients = []
      @steps = []
    end

    def self.parse(text)
      lines = text.lines.map(&:strip).reject(&:empty?)
      title, servings = lines.shift.split("|").map(&:strip)
      recipe = new(title, Integer(servings))
      lines.each do |line|
        case line
        when /\A-\s*(?<amount>[\d.\/]+)\s*(?<unit>[a-z]*)\s+(?<name>.+)\z/
          m = Regexp.last_match
          recipe.ingredients << Ingredient.new(name: m[:name], amount: number(m[:amount]), unit: m[:unit])
        when /\A\d+\.\s*(.+)\z/
          recipe.steps << Regexp.last_match(1)
        else
          raise ArgumentError, "cannot read #{line.inspect}"
        end
      end
      recipe
    end

    def self.number(text)
      if text.include?("/")
        num, den = text.split("/").map(&:to_f)
        num / den
      else
        Float(text)
      end
    end

    def scaled(to)
      factor = to.fdiv(servings)
      copy = Recipe.new(title, to)
      ingredients.each do |i|
        copy.ingredients << i.dup.tap { |c| c.amount = (i.amount * factor).round(2) }
      end
      copy.steps.concat(steps)
      copy
    end
  end

  module Shopping
    module_function

    def metric(ingredient)
      unit = ingredient.unit
      if WEIGHT.key?(unit)
        [ingredient.amount * WEIGHT.fetch(unit), "g"]
      elsif %w[tsp tbsp cup ml l].include?(unit)
        [ingredient.amount * VOLUME[unit], "ml"]
      else
        [ingredient.amount, unit]
      end
    end

    def list(recipes)
      totals = Hash.new(0.0)
      recipes.each do |recipe|
        recipe.ingredients.each do |ingredient|
          amount, unit = metric(ingredient)
          totals[[ingredient.name, unit]] += amount
        end
      end
      totals.sort_by { |(name, _), _| name }.map do |(name, unit), amount|
        format("%-16s %8.1f %s", name, amount, unit)
      end
    end
  end
end

PANCAKES = <<~TEXT
  Buttermilk pancakes | 4
  - 250 g flour
  - 2 tbsp sugar
  - 1 tsp baking soda
  - 2 eggs
  - 1/2 l buttermilk
  - 30 g butter
  1. Whisk the dry ingredients.
  2. Beat eggs into the buttermilk, then add the melted butter.
  3. Fold together and rest for ten minutes.
TEXT

LENTIL_SOUP = <<~TEXT
  Red lentil soup | 6
  - 300 g lentils
  - 1 onions
  - 2 tbsp olive oil
  - 1.5 l stock
  - 1 tsp cumin
  1. Soften the onion in the oil with the cumin.
  2. Add lentils and stock; simmer for 25 minutes.
TEXT

recipes = [PANCAKES, LENTIL_SOUP].map { |text| Kitchen::Recipe.parse(text) }
scaled = recipes.zip([10, 3]).map { |recipe, servings| recipe.scaled(servings) }
scaled.each do |recipe|
  puts "#{recipe.title} for #{recipe.servings}:"
  recipe.ingredients.each { |i| puts "  #{i}" }
end
puts "Shopping list:"
puts Kitchen::Shopping.list(scaled)
