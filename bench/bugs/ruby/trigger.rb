# Proc#ruby2_keywords called without arguments, as mustermann 3.0.0's ast/expander.rb does
# (`translate(Array, &-> (*args) do ... end.ruby2_keywords)`): RuboCop 1.39.0's
# Lint/UselessRuby2Keywords takes the first argument of every `ruby2_keywords` send and
# calls `def_type?` on it, which is nil here. (Written for this benchmark; make.sh uses
# mustermann's own code, where the same call sits in the middle of the file.)
class Router
  def route(*args, &block)
    block.call(*args)
  end

  HANDLER = lambda do |*args|
    args.map(&:to_s).join("/")
  end.ruby2_keywords
end
