class TextBlocks {
    static String html() {
        return """
            <html>
                <body class="x">\t"quoted" and ""two"" and \""" three</body>
            </html>
            """;
    }

    static String joined = """
        one \
        line\s
        """ + """
        second""";

    public static void main(String[] args) {
        System.out.print(html() + joined);
    }
}
